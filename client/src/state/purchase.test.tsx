import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../api/client';
import { browser } from '../lib/browser';
import { storage } from '../lib/storage';
import { errorBody, reply, stubApi } from '../test/api-stub';
import type { LockedOffer } from '../api/contract';
import { buildEpisodeCard, media } from '../test/builders';
import { buildUser } from '../test/member-builders';
import { buildFooter } from '../test/page-builders';
import { buildLockedItem, lockedAnswer, plansAnswer } from '../test/offers';
import { renderApp } from '../test/render-app';
import { initialAuthState } from './auth-slice';
import { lockedOffer } from './purchase-slice';

const member = () => ({ auth: { ...initialAuthState(buildUser()), accessToken: 't' } });
const price = (amount: string) => ({ price: amount, currency: 'USD' as const });

const masterclass = {
  data: {
    id: 1,
    title: 'Masterclass',
    hero_title: 'Learn chess with a world champion',
    iap: { entity: 'masterclass', entityId: 1, purchased: false, currentUserPrice: price('79.99') },
    // A locked episode: the masterclass is for sale only while it locks something.
    chapters: [
      { id: 1, title: 'Openings', description: null, position: 1, episodes: [buildEpisodeCard(2, { locked: true })] },
    ],
  },
};

const programOffer: LockedOffer = {
  entity: 'program',
  entityId: 3,
  title: '30 days of tactics',
  hero_image: media('program-3'),
  currentUserPrice: price('29.99'),
};
const facts = (title: string, kind: 'program' | 'video' | 'program_chapter' | 'episode' = 'program') =>
  buildLockedItem({ kind, title, teacher: null, level: null });
const locked = (offer?: LockedOffer, title = offer?.title ?? 'Pro program', kind?: 'program' | 'video' | 'episode') =>
  lockedAnswer(facts(title ?? '', kind ?? (offer?.entity === 'video' ? 'video' : 'program')), offer);

function stub(routes: Record<string, unknown>) {
  return stubApi({
    'GET /content/footer': buildFooter(),
    'GET /users/profile': { data: buildUser() },
    'GET /subscriptions/plans': plansAnswer(),
    ...routes,
  });
}

const purchaseBodies = (api: ReturnType<typeof stubApi>): unknown[] =>
  api.callsTo('/products/purchase').map((call): unknown => JSON.parse(call.init.body as string));

describe('single purchases', () => {
  it("opens a member's checkout for the full masterclass and comes back to the masterclass", async () => {
    const user = userEvent.setup();
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const api = stub({
      'GET /masterclasses/masterclass': masterclass,
      'POST /products/purchase': { data: { id: 'ps_1', url: 'https://checkout.example/ps_1' } },
    });
    renderApp('/masterclass', member());

    await user.click(await screen.findByRole('button', { name: 'Unlock the full masterclass for $79.99' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/ps_1'));
    expect(purchaseBodies(api)).toEqual([{ id: 1, entity: 'masterclass', final_url: '/masterclass' }]);
    expect(storage.readPurchaseReturn()).toBe('/masterclass');
  });

  it('asks a visitor to sign up instead, keeping the way back', async () => {
    const user = userEvent.setup();
    const api = stub({ 'GET /masterclasses/masterclass': masterclass });
    renderApp('/masterclass');

    await user.click(await screen.findByRole('button', { name: 'Unlock the full masterclass for $79.99' }));

    expect(screen.getByRole('dialog', { name: 'Become a member' })).toHaveTextContent(
      'To buy it, create your free account first (or log in): you will come back to this page to pay.',
    );
    expect(purchaseBodies(api)).toEqual([]);
    expect(storage.readRedirect()).toBe('/masterclass');
  });

  it('toasts a refused purchase with the server message, and a failure with the default', async () => {
    const user = userEvent.setup();
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    let answer = reply(409, errorBody('already_purchased', 'You already own this item.'));
    stub({ 'GET /masterclasses/masterclass': masterclass, 'POST /products/purchase': () => answer });
    renderApp('/masterclass', member());

    await user.click(await screen.findByRole('button', { name: 'Unlock the full masterclass for $79.99' }));
    expect(await screen.findByText('You already own this item.')).toBeInTheDocument();

    answer = reply(500, errorBody('server_error', 'Boom'));
    await user.click(screen.getByRole('button', { name: 'Unlock the full masterclass for $79.99' }));
    expect(await screen.findByText('Something went wrong. Please try again later.')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('offers a member a locked program for sale on its page, bought from that page', async () => {
    const user = userEvent.setup();
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const api = stub({
      'GET /cms/programs/3': locked(programOffer),
      'POST /products/purchase': { data: { id: 'ps_2', url: 'https://checkout.example/ps_2' } },
    });
    renderApp('/program/3', member());

    expect(await screen.findByRole('heading', { level: 1, name: '30 days of tactics' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Start your 7-day free trial' })).toHaveAttribute(
      'href',
      '/upgrade-account',
    );
    await user.click(screen.getByRole('button', { name: 'Buy for $29.99' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/ps_2'));
    expect(purchaseBodies(api)).toEqual([{ id: 3, entity: 'program', final_url: '/program/3' }]);
  });

  it('offers a member a locked video for sale on its page', async () => {
    stub({
      'GET /cms/videos/3': locked({
        entity: 'video',
        entityId: 3,
        title: 'The Silent Clock',
        hero_image: null,
        currentUserPrice: price('4.99'),
      }),
    });
    renderApp('/videos/3', member());

    expect(await screen.findByRole('heading', { level: 1, name: 'The Silent Clock' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy for $4.99' })).toBeEnabled();
  });

  it('shows a visitor the locked item for sale on its page, with its price, Sign up and Log in coming back', async () => {
    stub({ 'GET /cms/programs/3': locked(programOffer) });
    renderApp('/program/3');

    expect(await screen.findByRole('heading', { level: 1, name: '30 days of tactics' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?redirect=%2Fprogram%2F3');
    expect(screen.getByText('Or buy it on its own for $29.99 once you have an account.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/program\/3$/);
  });

  it('offers an episode with the full masterclass, and a chapter with its program', async () => {
    const masterclassOffer: LockedOffer = {
      entity: 'masterclass',
      entityId: 1,
      title: 'Masterclass',
      hero_image: null,
      currentUserPrice: price('79.99'),
    };
    const part_of = { kind: 'masterclass' as const, id: 1, title: 'Masterclass' };
    stub({
      'GET /cms/masterclass_episodes/2': lockedAnswer(
        buildLockedItem({ kind: 'episode', title: 'The king walks', part_of }),
        masterclassOffer,
      ),
      'GET /cms/program-chapters/15': lockedAnswer(
        buildLockedItem({
          kind: 'program_chapter',
          title: 'Forks',
          part_of: { kind: 'program', id: 3, title: '30 days of tactics' },
        }),
        programOffer,
      ),
    });
    const { unmount } = renderApp('/masterclass/chapter/2', member());
    expect(await screen.findByText('Pro episode · Masterclass')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy the full masterclass for $79.99' })).toBeEnabled();
    unmount();

    renderApp('/program-chapter/15', member());
    expect(await screen.findByRole('button', { name: 'Buy the program for $29.99' })).toBeEnabled();
    expect(screen.getByRole('region', { name: 'Unlock this chapter' })).toBeInTheDocument();
  });

  it("reads a locked item's offer from its 403 only", () => {
    const body = { code: 'content_locked', message: 'Locked', offer: programOffer };
    expect(lockedOffer(new ApiError(403, body))).toEqual(programOffer);
    expect(lockedOffer(new ApiError(403, { code: 'content_locked' }))).toBeNull();
    expect(lockedOffer(new ApiError(404, body))).toBeNull();
    expect(lockedOffer(new Error('network'))).toBeNull();
  });
});
