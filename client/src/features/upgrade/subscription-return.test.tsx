// Back from a subscription checkout: the confirmation, the new token, the Pro welcome page.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorBody, reply } from '../../test/api-stub';
import { proUser } from '../../test/member-builders';
import { buildHome } from '../../test/page-builders';
import { renderApp } from '../../test/render-app';
import { bearer, heldBack, member, stubUpgrade } from './upgrade-test-support';

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
