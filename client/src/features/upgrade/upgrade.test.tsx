import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Plan, UpgradePage } from '../../api/contract';
import { browser } from '../../lib/browser';
import { formatPrice } from '../../lib/prices';
import { sitePathOr } from '../../lib/site-path';
import { storage } from '../../lib/storage';
import { initialAuthState } from '../../session/auth-slice';
import { modalOpened } from '../../session/modal-slice';
import { errorBody, reply, type StubbedCall, stubApi } from '../../test/api-stub';
import { media } from '../../test/builders';
import { buildMembership, buildUser, proUser } from '../../test/member-builders';
import { buildFooter, buildHome } from '../../test/page-builders';
import { membershipStanding } from './components/ProMembership';
import { renderApp } from '../../test/render-app';
import { NO_PLANS, plansToShow, shownPrice } from '../../lib/plans';
import { welcomeRoute } from './slice';

function plan(currency: string, period: 'monthly' | 'yearly', price = period === 'monthly' ? '9.99' : '99.99'): Plan {
  const name = period === 'monthly' ? 'Pro Monthly' : 'Pro Yearly';
  return {
    id: `pro_${period}_${currency.toLowerCase()}`,
    name,
    subtitle: 'Inc. a 7-day trial',
    price_text: '',
    price,
    currency,
    period,
    trial_days: 7,
  };
}

// As the BFF answers: every plan in USD, EUR and INR.
const ALL_PLANS = ['USD', 'EUR', 'INR'].flatMap((currency) => [plan(currency, 'monthly'), plan(currency, 'yearly')]);

const PAGE: UpgradePage = {
  id: 1,
  banner_title: 'Become a Pro member',
  banner_text: 'Unlock every lesson, program, documentary and interview.',
  learn: { title: 'Learn', text: 'Lessons and programs by master players.', image: media('upgrade-learn') },
  watch: { title: 'Watch', text: 'All documentaries and interviews.', image: media('upgrade-watch') },
  play: { title: 'Play', text: 'Unlimited puzzles in the apps.', image: media('upgrade-play') },
  testimonials: [
    { quote: 'I gained 200 points.', name: 'Samuel Okoro', title: 'Club player' },
    { quote: 'The clearest endgame lessons.', name: 'Anja Weiss', title: 'Tournament player' },
    { quote: 'A documentary every Sunday.', name: 'Carlos Medina', title: 'Parent' },
  ],
};

const plansAnswer = (plans: Plan[]) => ({ data: plans });
const member = (user = buildUser()) => ({ auth: { ...initialAuthState(user), accessToken: 't' } });

function stubUpgrade(routes: Record<string, unknown> = {}) {
  return stubApi({
    'GET /content/footer': buildFooter(),
    'GET /cms/upgrade-page': PAGE,
    'GET /subscriptions/plans': plansAnswer(ALL_PLANS),
    'GET /users/profile': { data: buildUser() },
    ...routes,
  });
}

/** An answer held back until released, to see what shows meanwhile. */
function heldBack(body: unknown) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { respond: async () => (await gate, { body }), release: () => release() };
}

/** The Authorization header a call went out with. */
const bearer = (call: StubbedCall) => (call.init.headers as Record<string, string>).Authorization;

const planCards = () => screen.getAllByRole('listitem').filter((item) => item.classList.contains('plan-card'));

describe('plan rules', () => {
  it('keeps only the USD plans, one per period, monthly first, when more than two come', () => {
    const shuffled = [plan('INR', 'yearly'), plan('USD', 'yearly'), plan('EUR', 'monthly'), plan('USD', 'monthly')];
    expect(plansToShow(shuffled).map((p) => p.id)).toEqual(['pro_monthly_usd', 'pro_yearly_usd']);
    expect(plansToShow(ALL_PLANS).map((p) => p.id)).toEqual(['pro_monthly_usd', 'pro_yearly_usd']);
  });

  it('keeps one or two plans as they come, whatever their currency', () => {
    const two = [plan('EUR', 'monthly'), plan('EUR', 'yearly')];
    expect(plansToShow(two)).toEqual(two);
    expect(plansToShow([])).toEqual([]);
  });

  it('shows visitors the price of USD plans only; members see every price', () => {
    expect(shownPrice(plan('USD', 'monthly'), false)).toBe('$9.99');
    expect(shownPrice(plan('EUR', 'monthly'), false)).toBeNull();
    expect(shownPrice(plan('EUR', 'monthly'), true)).toBe('€9.99');
  });

  it('writes prices with the currency symbol', () => {
    expect(formatPrice({ price: '9.99', currency: 'USD' })).toBe('$9.99');
    expect(formatPrice({ price: '9.99', currency: 'EUR' })).toBe('€9.99');
    expect(formatPrice({ price: '799.00', currency: 'INR' })).toBe('₹799.00');
    expect(formatPrice({ price: '12.00', currency: 'CHF' })).toBe('12.00 CHF');
  });

  it('welcomes yearly members at /welcome-you and monthly ones at /welcome-me', () => {
    expect(welcomeRoute('yearly')).toBe('/welcome-you');
    expect(welcomeRoute('monthly')).toBe('/welcome-me');
  });

  it('goes after a payment only to paths of this site', () => {
    expect(sitePathOr('/program/3', '/home')).toBe('/program/3');
    expect(sitePathOr('/masterclass?x=1', '/home')).toBe('/masterclass?x=1');
    for (const unsafe of [
      '//evil.com',
      'https://evil.com',
      '/\\evil.com',
      'javascript:alert(1)',
      'program/3',
      '/a\nb',
      null,
    ]) {
      expect(sitePathOr(unsafe, '/home')).toBe('/home');
    }
  });
});

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

describe('back from a subscription checkout', () => {
  it('confirms the session, refreshes the user, toasts and welcomes a yearly member at /welcome-you', async () => {
    const user = userEvent.setup();
    let profiles = 0;
    const session = heldBack({
      data: { session_id: 'cs_9', status: 'trialing', plan: { id: 'pro_yearly_usd', period: 'yearly' } },
    });
    const api = stubUpgrade({
      'GET /subscriptions/web/checkout/session/cs_9': session.respond,
      'GET /users/profile': () => {
        profiles += 1;
        return { body: { data: proUser() } };
      },
      'GET /cms/hubs/home': buildHome(),
    });
    renderApp('/payment/success?session_id=cs_9', { ...member(), home: { data: buildHome(), status: 'succeeded' } });

    expect(await screen.findByText('Processing your request')).toBeInTheDocument();
    session.release();
    expect(await screen.findByRole('heading', { name: 'Welcome to Pro Membership' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/welcome-you');
    expect(screen.getByText("Congratulations, you're officially a Pro member!")).toBeInTheDocument();
    expect(api.callsTo('/subscriptions/web/checkout/session/cs_9')).toHaveLength(1);
    expect(profiles).toBeGreaterThanOrEqual(1);
    // The change of subscription reloads the home data and takes Upgrade out of the menu.
    await waitFor(() => expect(api.callsTo('/cms/hubs/home').length).toBeGreaterThan(0));
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await screen.findByRole('dialog', { name: 'Menu' });
    expect(
      within(screen.getByRole('dialog', { name: 'Menu' })).queryByRole('button', { name: 'Upgrade' }),
    ).not.toBeInTheDocument();
  });

  it('welcomes a monthly member at /welcome-me', async () => {
    stubUpgrade({
      'GET /subscriptions/web/checkout/session/cs_2': { data: { session_id: 'cs_2', plan: { period: 'monthly' } } },
      'GET /users/profile': { data: proUser() },
    });
    renderApp('/payment/success?session_id=cs_2', member());

    await screen.findByRole('heading', { name: 'Welcome to Pro Membership' });
    expect(screen.getByTestId('location')).toHaveTextContent('/welcome-me');
  });

  it('toasts an unpaid checkout and leads back to the plans', async () => {
    stubUpgrade({
      'GET /subscriptions/web/checkout/session/cs_3': reply(
        409,
        errorBody('checkout_incomplete', 'This payment is not complete. Please try again.'),
      ),
    });
    renderApp('/payment/success?session_id=cs_3', member());

    expect(await screen.findByText('This payment is not complete. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the plans' })).toHaveAttribute('href', '/upgrade-account');
    expect(screen.queryByText('Processing your request')).not.toBeInTheDocument();
  });

  it('toasts a failed user refresh and still welcomes the new member', async () => {
    stubUpgrade({
      'GET /subscriptions/web/checkout/session/cs_4': { data: { session_id: 'cs_4', plan: { period: 'yearly' } } },
      'GET /users/profile': reply(500, errorBody('server_error')),
    });
    renderApp('/payment/success?session_id=cs_4', member());

    expect(
      await screen.findByText(
        'An error occurred while trying to update your user session. You may need to reload the page to see changes.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Welcome to Pro Membership' })).toBeInTheDocument();
    expect(screen.queryByText("Congratulations, you're officially a Pro member!")).not.toBeInTheDocument();
  });

  it.each([
    ['the access token of the confirmation', { access: 'pro-token' }, 'pro-token'],
    ['the current token when the confirmation has none', {}, 't'],
    ['the current token when the confirmation has a null one', { access: null }, 't'],
    ['the current token when the confirmation has an empty one', { access: '' }, 't'],
  ])('sends %s with every later call', async (_case, extra, token) => {
    const session = heldBack({ data: { session_id: 'cs_5', plan: { period: 'yearly' }, ...extra } });
    const api = stubUpgrade({
      'GET /subscriptions/web/checkout/session/cs_5': session.respond,
      'GET /users/profile': { data: proUser() },
    });
    const { store } = renderApp('/payment/success?session_id=cs_5', member());

    await screen.findByText('Processing your request');
    expect(bearer(api.callsTo('/subscriptions/web/checkout/session/cs_5')[0]!)).toBe('Bearer t');
    const answered = api.calls.length;
    session.release();
    await screen.findByRole('heading', { name: 'Welcome to Pro Membership' });
    const later = api.calls.slice(answered);
    expect(later.map((call) => call.url.pathname)).toContain('/users/profile');
    expect(later.map(bearer)).toEqual(later.map(() => `Bearer ${token}`));
    expect(store.getState().auth.accessToken).toBe(token);
  });

  it('in an embedded view, replaces the token of the address with the one of the confirmation', async () => {
    const path = '/payment/success?session_id=cs_7&embedded=1&token=app';
    window.history.replaceState(null, '', path);
    try {
      const session = heldBack({ data: { session_id: 'cs_7', plan: { period: 'yearly' }, access: 'pro-token' } });
      const api = stubUpgrade({
        'GET /subscriptions/web/checkout/session/cs_7': session.respond,
        'GET /users/profile': { data: proUser() },
      });
      const { store } = renderApp(path);

      await screen.findByText('Processing your request');
      expect(bearer(api.callsTo('/subscriptions/web/checkout/session/cs_7')[0]!)).toBe('Bearer app');
      const answered = api.calls.length;
      session.release();
      await screen.findByRole('heading', { name: 'Welcome to Pro Membership' });
      const later = api.calls.slice(answered);
      expect(later.map((call) => call.url.pathname)).toContain('/users/profile');
      expect(later.map(bearer)).toEqual(later.map(() => 'Bearer pro-token'));
      expect(store.getState().auth).toMatchObject({ accessToken: 'pro-token', embedded: true });
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('goes home without a session id', async () => {
    stubUpgrade();
    renderApp('/payment/success');

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/home$/));
  });
});

describe('Pro welcome page', () => {
  it.each(['/welcome-you', '/welcome-me'])('%s shows the benefits and the way to start', async (path) => {
    renderApp(path);

    expect(await screen.findByText('Congratulations!')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to Pro Membership' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lessons and programs by grandmasters' })).toHaveAttribute(
      'href',
      '/programs',
    );
    expect(screen.getByText(/Unlimited rated puzzles, on the web and in the iOS and Android apps/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All documentaries and interviews' })).toHaveAttribute(
      'href',
      '/videos/11',
    );
    expect(screen.getByRole('link', { name: 'Get started' })).toHaveAttribute('href', '/home');
  });
});

describe('back from a single purchase', () => {
  it('validates the payment, toasts and goes to final_url', async () => {
    storage.writePurchaseReturn('/program/3');
    const validation = heldBack({ data: { final_url: '/program/3', entity: 'program', entityId: 3 } });
    const api = stubUpgrade({
      'POST /products/purchase/validate-payment': validation.respond,
      'GET /cms/programs/3': { id: 3, title: 'Thirty days of tactics', chapters: [], locked: false },
    });
    renderApp('/product-payment/success?session_id=ps_1', member());

    expect(await screen.findByText('Processing your request')).toBeInTheDocument();
    validation.release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Thirty days of tactics' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/program/3');
    expect(screen.getByText('Thank you for your purchase!')).toBeInTheDocument();
    expect(JSON.parse(api.callsTo('/products/purchase/validate-payment')[0]!.init.body as string)).toEqual({
      session_id: 'ps_1',
    });
    expect(storage.readPurchaseReturn()).toBeNull();
  });

  it.each([
    ['the access token of the validation', { access: 'buyer-token' }, 'buyer-token'],
    ['the current token when the validation has none', {}, 't'],
  ])('sends %s with every later call, the one for the bought item too', async (_case, extra, token) => {
    const validation = heldBack({ data: { final_url: '/program/4', entity: 'program', entityId: 4, ...extra } });
    const api = stubUpgrade({
      'POST /products/purchase/validate-payment': validation.respond,
      'GET /cms/programs/4': { id: 4, title: 'Endgames for everyone', chapters: [], locked: false },
    });
    const { store } = renderApp('/product-payment/success?session_id=ps_4', member());

    await screen.findByText('Processing your request');
    expect(bearer(api.callsTo('/products/purchase/validate-payment')[0]!)).toBe('Bearer t');
    const answered = api.calls.length;
    validation.release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Endgames for everyone' })).toBeInTheDocument();
    const later = api.calls.slice(answered);
    expect(later.map((call) => call.url.pathname)).toContain('/cms/programs/4');
    expect(later.map(bearer)).toEqual(later.map(() => `Bearer ${token}`));
    expect(store.getState().auth.accessToken).toBe(token);
  });

  it('goes home when final_url is not a path of this site', async () => {
    stubUpgrade({ 'POST /products/purchase/validate-payment': { data: { final_url: '//evil.example/steal' } } });
    renderApp('/product-payment/success?session_id=ps_2', member());

    await screen.findByText('Thank you for your purchase!');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/home$/));
  });

  it('toasts a failed validation and leads home', async () => {
    stubUpgrade({
      'POST /products/purchase/validate-payment': reply(
        404,
        errorBody('not_found', "We couldn't find that checkout session."),
      ),
    });
    renderApp('/product-payment/success?session_id=ps_3', member());

    expect(await screen.findByText('Something went wrong. Please try again later.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/home');
  });

  it('the cancel page leads back to where the purchase started, and home', async () => {
    storage.writePurchaseReturn('/masterclass');
    renderApp('/product-payment/cancel');

    expect(await screen.findByRole('heading', { name: 'Something went wrong! Please try again!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/masterclass');
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/home');
  });
});
