// The upgrade page and overlay: plans, prices and savings, a Pro member's membership, checkout.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { browser } from '../../lib/browser';
import { storage } from '../../lib/storage';
import { modalOpened } from '../../state/modal-slice';
import { errorBody, reply } from '../../test/api-stub';
import { buildMembership, buildUser, proUser } from '../../test/member-builders';
import { membershipStanding } from './components/ProMembership';
import { renderApp } from '../../test/render-app';
import { NO_PLANS } from '../../lib/plans';
import { plansAnswer } from '../../test/offers';
import { member, plan, stubUpgrade } from './upgrade-test-support';

const planCards = () => screen.getAllByRole('listitem').filter((item) => item.classList.contains('plan-card'));

describe('upgrade page', () => {
  it('shows the banner, the monthly plan by default, the sections and three testimonials', async () => {
    const user = userEvent.setup();
    const api = stubUpgrade();
    renderApp('/upgrade-account');

    expect(await screen.findByText('Unlock every lesson, program, documentary and interview.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Become a Pro member' })).toBeInTheDocument();
    expect(document.title).toBe('Become a Pro member');
    expect(api.callsTo('/subscriptions/plans')[0]!.url.searchParams.get('platform')).toBe('web');
    expect(await screen.findByRole('heading', { name: 'Pro Monthly' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Monthly' })).toHaveAttribute('aria-pressed', 'true');
    expect(planCards()).toHaveLength(1);
    expect(within(planCards()[0]!).getByText('$9.99')).toBeInTheDocument();
    for (const section of ['Learn', 'Watch', 'Play']) {
      expect(screen.getByRole('heading', { level: 2, name: section })).toBeInTheDocument();
    }
    expect(screen.getAllByRole('figure')).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Yearly' }));
    expect(screen.getByRole('button', { name: 'Yearly' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(planCards()[0]!).getByRole('heading', { name: 'Pro Yearly' })).toBeInTheDocument();
    expect(within(planCards()[0]!).getByText('$99.99')).toBeInTheDocument();
    expect(within(planCards()[0]!).getByText('You save $19.89 (16%) against 12 monthly payments')).toBeInTheDocument();
    // h1, then the plans' h2, then each card's h3: no level skipped.
    expect(screen.getByRole('heading', { level: 2, name: 'Choose your plan' })).toBeInTheDocument();
  });

  it("computes the yearly saving from the plans' prices, and says none when a year saves nothing", async () => {
    const user = userEvent.setup();
    stubUpgrade({
      'GET /subscriptions/plans': plansAnswer([plan('USD', 'monthly', '10.00'), plan('USD', 'yearly', '90.00')]),
    });
    renderApp('/upgrade-account');
    await user.click(await screen.findByRole('button', { name: 'Yearly' }));
    expect(screen.getByText('You save $30.00 (25%) against 12 monthly payments')).toBeInTheDocument();
  });

  it('tells a member who owns items what Pro adds', async () => {
    stubUpgrade({
      'GET /products/purchases': {
        data: [
          {
            entity: 'program',
            entityId: 3,
            title: '30 days of tactics',
            path: '/program/3',
            amount: 2999,
            currency: 'USD',
            price_text: '$29.99',
            purchased_at: '2026-01-01T00:00:00Z',
          },
          {
            entity: 'video',
            entityId: 3,
            title: 'The Silent Clock',
            path: '/videos/3',
            amount: 499,
            currency: 'USD',
            price_text: '$4.99',
            purchased_at: '2026-01-02T00:00:00Z',
          },
        ],
      },
    });
    renderApp('/upgrade-account', member());
    expect(
      await screen.findByText(
        'You own 30 days of tactics and The Silent Clock, and keep them whatever you choose. Pro adds every other lesson, program, documentary and masterclass episode, and unlimited puzzles.',
      ),
    ).toBeInTheDocument();
  });

  it('shows a visitor no price on plans in another currency than USD', async () => {
    stubUpgrade({ 'GET /subscriptions/plans': plansAnswer([plan('EUR', 'monthly'), plan('EUR', 'yearly')]) });
    renderApp('/upgrade-account');

    await screen.findByRole('heading', { name: 'Pro Monthly' });
    expect(within(planCards()[0]!).queryByText(/9\.99/)).not.toBeInTheDocument();
  });

  it('says so when there are no plans', async () => {
    stubUpgrade({ 'GET /subscriptions/plans': plansAnswer([]) });
    renderApp('/upgrade-account');

    expect(await screen.findByText(NO_PLANS)).toBeInTheDocument();
    expect(NO_PLANS).toBe('No subscription plans available. Please refresh the page or come back later.');
  });

  it('shows a Pro member their membership and where to start watching, and no plans to buy', async () => {
    const pro = buildUser({
      user_tier: 'pro',
      subscription: { ...buildMembership('trialing', 'yearly'), trial_end: '2027-03-04T10:00:00Z' },
    });
    const api = stubUpgrade({ 'GET /users/profile': { data: pro } });
    renderApp('/upgrade-account', member(pro));

    expect(await screen.findByRole('heading', { level: 1, name: 'You are Pro' })).toBeInTheDocument();
    expect(screen.getByText('Pro · $9.99 / year')).toBeInTheDocument();
    expect(screen.getByText(/Free trial until March 4, 2027/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Watch the Masterclass' })).toHaveAttribute('href', '/masterclass');
    expect(screen.getByRole('link', { name: 'Lessons' })).toHaveAttribute('href', '/lessons');
    expect(screen.getByRole('link', { name: 'Chess programs' })).toHaveAttribute('href', '/programs');
    expect(await screen.findByRole('heading', { level: 2, name: 'Learn' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Choose/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Become a Pro member' })).not.toBeInTheDocument();
    expect(api.callsTo('/subscriptions/plans')).toHaveLength(0);
  });

  it('says when a Pro membership renews or ends', () => {
    const active = { ...buildMembership('active'), current_period_end: '2027-01-31T00:00:00Z' };
    expect(membershipStanding(active)).toBe('Renews on January 31, 2027');
    expect(membershipStanding({ ...active, cancel_at_period_end: true })).toBe('Ends on January 31, 2027');
    expect(membershipStanding(buildMembership('active'))).toBeNull();
  });

  it('shows the plans to a member whose Pro membership was canceled', async () => {
    const lapsed = buildUser({ user_tier: 'pro', subscription: buildMembership('canceled') });
    stubUpgrade({ 'GET /users/profile': { data: lapsed } });
    renderApp('/upgrade-account', member(lapsed));

    expect(await screen.findByRole('button', { name: 'Choose Pro Monthly' })).toBeEnabled();
    expect(screen.queryByRole('heading', { name: 'You are Pro' })).not.toBeInTheDocument();
  });

  it('the upgrade overlay shows a Pro member a disabled "You are already a Pro member"', async () => {
    stubUpgrade({ 'GET /users/profile': { data: proUser() } });
    const { store } = renderApp('/home', member(proUser()));
    store.dispatch(modalOpened('upgrade'));

    expect(await screen.findByRole('button', { name: 'You are already a Pro member' })).toBeDisabled();
  });

  it('asks a visitor who chooses a plan to sign up, and keeps the way back to the plans', async () => {
    const user = userEvent.setup();
    const api = stubUpgrade();
    renderApp('/upgrade-account');

    await user.click(await screen.findByRole('button', { name: 'Choose Pro Monthly' }));
    const prompt = screen.getByRole('dialog', { name: 'Become a member' });
    expect(prompt).toHaveTextContent(
      'To start Pro Monthly, create your free account first (or log in): you will come back to the plans to pay.',
    );
    expect(prompt).not.toHaveTextContent('This content is for members');
    expect(storage.readRedirect()).toBe('/upgrade-account');
    expect(api.callsTo('/subscriptions/web/checkout/new_subscription')).toHaveLength(0);
  });

  it("opens a free member's checkout for the chosen plan and sends the browser there", async () => {
    const user = userEvent.setup();
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const api = stubUpgrade({
      'POST /subscriptions/web/checkout/new_subscription': {
        data: { id: 'cs_1', url: 'https://checkout.example/cs_1' },
      },
    });
    renderApp('/upgrade-account', member());

    await user.click(await screen.findByRole('button', { name: 'Yearly' }));
    await user.click(screen.getByRole('button', { name: 'Choose Pro Yearly' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/cs_1'));
    const [call] = api.callsTo('/subscriptions/web/checkout/new_subscription');
    expect(JSON.parse(call!.init.body as string)).toEqual({ plan_id: 'pro_yearly_usd' });
    expect((call!.init.headers as Record<string, string>).Authorization).toBe('Bearer t');
  });

  it('toasts a failed checkout, with the server message when it explains the refusal', async () => {
    const user = userEvent.setup();
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    let answer = reply(500, errorBody('server_error', 'Boom'));
    stubUpgrade({ 'POST /subscriptions/web/checkout/new_subscription': () => answer });
    renderApp('/upgrade-account', member());

    await user.click(await screen.findByRole('button', { name: 'Choose Pro Monthly' }));
    expect(await screen.findByText('Something went wrong. Please try again later.')).toBeInTheDocument();

    answer = reply(409, errorBody('already_pro', 'You are already a Pro member'));
    await user.click(screen.getByRole('button', { name: 'Choose Pro Monthly' }));
    expect(await screen.findByText('You are already a Pro member')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('toasts failures of the page data and of the plans', async () => {
    stubUpgrade({
      'GET /cms/upgrade-page': reply(503, errorBody('cms_unavailable')),
      'GET /subscriptions/plans': reply(503, errorBody('service_unavailable')),
    });
    renderApp('/upgrade-account');

    expect(await screen.findByText('Something went wrong fetching this page data.')).toBeInTheDocument();
    expect(await screen.findByText('Something went wrong fetching subscription plans.')).toBeInTheDocument();
  });

  it('the upgrade overlay offers the same toggle and plan cards', async () => {
    stubUpgrade();
    const { store } = renderApp('/home', member());
    store.dispatch(modalOpened('upgrade'));

    const dialog = await screen.findByRole('dialog', { name: 'Choose your plan' });
    expect(await within(dialog).findByRole('button', { name: 'Choose Pro Monthly' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Monthly' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(dialog).getByText('$9.99')).toBeInTheDocument();
  });
});
