// My account (/account) as a member uses it: the loads and their states, the profile with its
// rules, availability check and server messages, the picture, the newsletter switch, password
// and e-mail changes, the billing page, Download my data and Delete my account.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MembershipState, OwnedItem } from '../../api/contract';
import { browser } from '../../lib/browser';
import { navigation } from '../../lib/navigation';
import { storage } from '../../lib/storage';
import { initialAuthState } from '../../session/auth-slice';
import { errorBody, reply, stubApi } from '../../test/api-stub';
import { buildUser } from '../../test/member-builders';
import { buildFooter, buildHome } from '../../test/page-builders';
import { renderApp } from '../../test/render-app';

jest.mock('./components/square-crop', () => ({
  AVATAR_SIDE: 512,
  cropToSquare: jest.fn(() =>
    Promise.resolve({
      blob: new Blob(['square'], { type: 'image/jpeg' }),
      preview: 'data:image/jpeg;base64,c3F1YXJl',
    }),
  ),
}));

const ada = buildUser({ username: 'ada_board', email: 'ada@example.com', country: 'FR', skill_level: 'club' });
const member = (who = ada) => ({ auth: { ...initialAuthState(who), accessToken: 't' } });

const NONE: MembershipState = {
  status: 'none',
  plan: null,
  trial_end: null,
  next_billing_date: null,
  ends_at: null,
  cancel_at_period_end: false,
  user_tier: 'free',
  manageable: false,
};
const ACTIVE: MembershipState = {
  ...NONE,
  status: 'active',
  plan: {
    id: 'pro_monthly_usd',
    name: 'Pro Monthly',
    period: 'monthly',
    price: '9.99',
    currency: 'USD',
    price_text: '$9.99',
  },
  next_billing_date: '2027-03-04T10:00:00Z',
  user_tier: 'pro',
  manageable: true,
};
const PROGRAM: OwnedItem = {
  entity: 'program',
  entityId: 3,
  title: '30 days of tactics',
  path: '/program/3',
  purchased_at: '2026-11-02T09:00:00Z',
  amount: 2999,
  currency: 'USD',
  price_text: '$29.99',
};

function stub(routes: Record<string, unknown> = {}) {
  return stubApi({
    'GET /content/footer': buildFooter(),
    'GET /cms/hubs/home': buildHome(),
    'GET /users/countries': {
      data: [
        { code: 'FR', name: 'France' },
        { code: 'DE', name: 'Germany' },
      ],
    },
    'GET /users/check': { data: { available: true, message: null } },
    'GET /subscriptions/membership': { data: NONE },
    'GET /products/purchases': { data: [] },
    'GET /users/profile': { data: ada },
    ...routes,
  });
}

const region = (name: string) => screen.getByRole('region', { name });
const location = () => screen.getByTestId('location').textContent;
const bodyOf = (call: { init: RequestInit }) => JSON.parse(call.init.body as string) as Record<string, unknown>;

/** The message under a field, found through the field's aria-describedby. */
function errorOf(field: HTMLElement): string | null {
  const id = field.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

async function openAccount(routes: Record<string, unknown> = {}, path = '/account', who = ada) {
  const api = stub(routes);
  const rendered = renderApp(path, member(who));
  await screen.findByRole('heading', { level: 1, name: 'My account' });
  return { api, ...rendered };
}

afterEach(() => {
  jest.restoreAllMocks();
  window.localStorage.clear();
});

describe('My account: who sees it', () => {
  it('offers a guest the login overlay and keeps /account as the redirect after login', async () => {
    const api = stub();
    renderApp('/account?error=user_email_exists');
    await screen.findByRole('heading', { level: 1, name: 'My account' });

    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeInTheDocument();
    expect(storage.readRedirect()).toBe('/account?error=user_email_exists');
    expect(screen.getByText('Log in to see your account.')).toBeInTheDocument();
    expect(api.callsTo('/subscriptions/membership')).toHaveLength(0);
  });
});

describe('My account: membership and purchases', () => {
  it('shows a Pro membership with its plan, price and next billing date, and no Upgrade', async () => {
    await openAccount({ 'GET /subscriptions/membership': { data: ACTIVE } });
    const membership = region('Membership');

    await within(membership).findByText('Pro Monthly');
    expect(within(membership).getByText('Active')).toBeInTheDocument();
    expect(within(membership).getByText('$9.99 a month')).toBeInTheDocument();
    expect(within(membership).getByText('March 4, 2027')).toBeInTheDocument();
    expect(within(membership).getByRole('button', { name: 'Manage billing' })).toBeInTheDocument();
    expect(within(membership).queryByRole('link', { name: 'Upgrade' })).toBeNull();
  });

  it('says when a membership ends at the end of the period', async () => {
    const cancelling = { ...ACTIVE, status: 'cancelling', next_billing_date: null, ends_at: '2027-01-31T00:00:00Z' };
    await openAccount({ 'GET /subscriptions/membership': { data: cancelling } });
    const membership = region('Membership');

    expect(await within(membership).findByText('Cancelling at the end of the period')).toBeInTheDocument();
    expect(within(membership).getByText('January 31, 2027')).toBeInTheDocument();
    expect(within(membership).queryByText('Next billing date')).toBeNull();
  });

  it('offers a member without a membership the upgrade, and no billing page to open', async () => {
    await openAccount();
    const membership = region('Membership');

    expect(await within(membership).findByText('Free member')).toBeInTheDocument();
    expect(within(membership).getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/upgrade-account');
    expect(within(membership).queryByRole('button', { name: 'Manage billing' })).toBeNull();
  });

  it('Manage billing asks for the billing page with /account to come back to, and goes there', async () => {
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const { api } = await openAccount({
      'GET /subscriptions/membership': { data: ACTIVE },
      'POST /subscriptions/manage': { data: { url: 'https://billing.example/session/1' } },
    });

    await user.click(await within(region('Membership')).findByRole('button', { name: 'Manage billing' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.example/session/1'));
    expect(bodyOf(api.callsTo('/subscriptions/manage')[0]!)).toEqual({ return_url: '/account' });
  });

  it('a failed membership load shows an error with Retry, which asks again', async () => {
    const user = userEvent.setup();
    let answers = 0;
    const { api } = await openAccount({
      'GET /subscriptions/membership': () => {
        answers += 1;
        return answers === 1 ? { status: 500, body: errorBody('server_error') } : { body: { data: ACTIVE } };
      },
    });
    const membership = region('Membership');

    expect(await within(membership).findByRole('alert')).toHaveTextContent(
      'Something went wrong fetching your membership.',
    );
    await user.click(within(membership).getByRole('button', { name: 'Retry' }));

    expect(await within(membership).findByText('Pro Monthly')).toBeInTheDocument();
    expect(api.callsTo('/subscriptions/membership')).toHaveLength(2);
  });

  it('lists the items bought, each linking to its page, or says there are none', async () => {
    const { unmount } = await openAccount({ 'GET /products/purchases': { data: [PROGRAM] } });
    const link = await within(region('Purchases')).findByRole('link', { name: /30 days of tactics/ });
    expect(link).toHaveAttribute('href', '/program/3');
    expect(link).toHaveTextContent('Program · $29.99 · November 2, 2026');
    unmount();

    await openAccount();
    expect(
      await within(region('Purchases')).findByText('You have not bought any single program, video or masterclass yet.'),
    ).toBeInTheDocument();
  });
});

describe('My account: profile', () => {
  it('saves the changes, shows them in the header, and says so', async () => {
    const user = userEvent.setup();
    const saved = buildUser({ ...userFields(), firstname: 'Grace', username: 'grace_h', skill_level: 'expert' });
    const { api, store } = await openAccount({ 'POST /users/profile': { data: saved } });
    const profile = region('Profile');
    await within(profile).findByRole('option', { name: 'Germany' });

    await user.clear(within(profile).getByLabelText('First name'));
    await user.type(within(profile).getByLabelText('First name'), 'Grace');
    await user.clear(within(profile).getByLabelText('Username'));
    await user.type(within(profile).getByLabelText('Username'), 'grace_h');
    await user.selectOptions(within(profile).getByLabelText('Country'), 'DE');
    await user.selectOptions(within(profile).getByLabelText('Level'), 'expert');
    await user.click(within(profile).getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByText('Your profile is saved.')).toBeInTheDocument();
    expect(bodyOf(api.callsTo('/users/profile').find((call) => call.method === 'POST')!)).toEqual({
      firstname: 'Grace',
      lastname: 'Board',
      username: 'grace_h',
      country: 'DE',
      skill_level: 'expert',
    });
    expect(store.getState().auth.user?.username).toBe('grace_h');
    expect(storage.readUser<{ username: string }>()?.username).toBe('grace_h');
  });

  it('applies the field rules before sending anything', async () => {
    const user = userEvent.setup();
    const { api } = await openAccount();
    const profile = region('Profile');

    await user.clear(within(profile).getByLabelText('First name'));
    await user.type(within(profile).getByLabelText('First name'), 'Ad4');
    await user.clear(within(profile).getByLabelText('Username'));
    await user.type(within(profile).getByLabelText('Username'), 'ada board');
    await user.click(within(profile).getByRole('button', { name: 'Save profile' }));

    expect(errorOf(within(profile).getByLabelText('First name'))).toBe("Name can't contain special characters.");
    expect(errorOf(within(profile).getByLabelText('Username'))).toBe("Username can't contain white spaces.");
    expect(api.callsTo('/users/profile').filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('checks a new username while it is typed, and shows why it is not free', async () => {
    const user = userEvent.setup();
    const { api } = await openAccount({
      'GET /users/check': (url: URL) => ({
        body: {
          data:
            url.searchParams.get('username') === 'magnus_c'
              ? { available: false, message: 'This username is already taken.' }
              : { available: true, message: null },
        },
      }),
    });
    const username = within(region('Profile')).getByLabelText('Username');

    await user.clear(username);
    await user.type(username, 'magnus_c');

    await waitFor(() => expect(errorOf(username)).toBe('This username is already taken.'), { timeout: 2000 });
    // Debounced: one check for the whole name.
    const checked = api.callsTo('/users/check').map((call) => call.url.searchParams.get('username') ?? '');
    expect(checked.filter((name) => name.startsWith('mag'))).toEqual(['magnus_c']);
  });

  it("shows the server's message under its field, until the field is edited", async () => {
    const user = userEvent.setup();
    await openAccount({ 'POST /users/profile': reply(409, errorBody('user_username_exists', 'taken')) });
    const profile = region('Profile');
    const username = within(profile).getByLabelText('Username');

    await user.click(within(profile).getByRole('button', { name: 'Save profile' }));

    await waitFor(() => expect(errorOf(username)).toBe('This username is already taken.'));
    expect(screen.queryByText('taken')).toBeNull();
    await user.type(username, 'x');
    expect(errorOf(username)).toBeNull();
  });

  it('crops a chosen picture, previews it, and uploads it as the avatar', async () => {
    const user = userEvent.setup();
    const { api, store } = await openAccount({
      'POST /users/profile': { data: { ...ada, avatar: { src: '/uploads/abc.webp' } } },
    });
    const profile = region('Profile');
    const input = profile.querySelector<HTMLInputElement>('input[type="file"]')!;

    await user.upload(input, new File(['photo'], 'me.png', { type: 'image/png' }));
    expect(await within(profile).findByRole('img', { name: 'Your new picture, cut to a square' })).toHaveAttribute(
      'src',
      'data:image/jpeg;base64,c3F1YXJl',
    );
    await user.click(within(profile).getByRole('button', { name: 'Save picture' }));

    expect(await screen.findByText('Your picture is saved.')).toBeInTheDocument();
    const sent = api.callsTo('/users/profile').find((call) => call.method === 'POST')!.init.body as FormData;
    expect((sent.get('avatar') as Blob).type).toBe('image/jpeg');
    expect(store.getState().auth.user?.avatar.src).toBe('/uploads/abc.webp');
    expect(within(profile).getByRole('img', { name: 'Your picture' })).toHaveAttribute('src', '/uploads/abc.webp');
  });

  it('refuses a picture that is not JPEG, PNG or WebP', async () => {
    const user = userEvent.setup({ applyAccept: false });
    await openAccount();
    const profile = region('Profile');

    await user.upload(profile.querySelector('input[type="file"]')!, new File(['x'], 'me.gif', { type: 'image/gif' }));

    expect(await within(profile).findByRole('alert')).toHaveTextContent('Choose a JPEG, PNG or WebP picture.');
  });

  it('turns the newsletter on with the member address, and off again', async () => {
    const user = userEvent.setup();
    const { api } = await openAccount({
      'POST /content/subscribe': { data: { email: 'ada@example.com', subscribed: true } },
      'POST /content/unsubscribe': { data: { email: 'ada@example.com', subscribed: false } },
    });
    const newsletter = within(region('Profile')).getByRole('switch', { name: 'Newsletter' });
    await waitFor(() => expect(newsletter).toBeEnabled());

    await user.click(newsletter);
    expect(await screen.findByText('You will get the newsletter.')).toBeInTheDocument();
    expect(newsletter).toBeChecked();
    expect(bodyOf(api.callsTo('/content/subscribe')[0]!)).toEqual({ email: 'ada@example.com' });

    await waitFor(() => expect(newsletter).toBeEnabled());
    await user.click(newsletter);
    expect(await screen.findByText('You will no longer get the newsletter.')).toBeInTheDocument();
    expect(newsletter).not.toBeChecked();
    expect(api.callsTo('/content/unsubscribe')).toHaveLength(1);
  });
});

function userFields() {
  return { username: 'ada_board', email: 'ada@example.com', country: 'FR', skill_level: 'club' };
}

describe('My account: password and e-mail address', () => {
  it('a wrong current password shows under its field; a change keeps the new session', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const { api, store } = await openAccount({
      'POST /users/change_password': () => {
        attempts += 1;
        return attempts === 1
          ? {
              status: 400,
              body: {
                error: {
                  code: 'user_wrong_password',
                  message: 'x',
                  fields: { current_password: 'Password is incorrect. Please try again.' },
                },
              },
            }
          : { body: { data: { access: 'new-token', user: ada } } };
      },
    });
    const password = region('Password');
    expect(password).toHaveTextContent('signs you out on your other devices');

    await user.type(within(password).getByLabelText('Current password'), 'Wrong4ever!');
    await user.type(within(password).getByLabelText('New password'), 'Bishop4ever!');
    await user.click(within(password).getByRole('button', { name: 'Change password' }));
    const current = within(password).getByLabelText('Current password');
    await waitFor(() => expect(errorOf(current)).toBe('Password is incorrect. Please try again.'));

    await user.clear(current);
    await user.type(current, 'Queen4ever! ');
    await user.click(within(password).getByRole('button', { name: 'Change password' }));

    expect(
      await screen.findByText('Your password is changed. You were signed out everywhere else.'),
    ).toBeInTheDocument();
    expect(store.getState().auth.accessToken).toBe('new-token');
    expect(bodyOf(api.callsTo('/users/change_password')[1]!)).toMatchObject({
      current_password: 'Queen4ever!',
      password: 'Bishop4ever!',
    });
    expect(api.callsTo('/users/change_password')[1]!.init.credentials).toBe('include');
    expect(within(password).getByLabelText('Current password')).toHaveValue('');
  });

  it('an e-mail change says where the link went; a taken address shows under the field', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const { api } = await openAccount({
      'POST /users/change_email': () => {
        attempts += 1;
        return attempts === 1
          ? { status: 409, body: errorBody('user_email_exists', 'That email is already taken') }
          : { body: { data: { message: 'sent' } } };
      },
    });
    const email = region('E-mail address');
    expect(email).toHaveTextContent('Current address ada@example.com');

    await user.type(within(email).getByLabelText('New e-mail address'), 'taken@example.com');
    await user.type(within(email).getByLabelText('Password'), 'Queen4ever!');
    await user.click(within(email).getByRole('button', { name: 'Send the link' }));
    const field = within(email).getByLabelText('New e-mail address');
    await waitFor(() => expect(errorOf(field)).toBe('That email is already taken'));

    await user.clear(field);
    await user.type(field, ' new@example.com ');
    await user.click(within(email).getByRole('button', { name: 'Send the link' }));

    expect(await within(email).findByText(/We sent a link to new@example.com\./)).toBeInTheDocument();
    expect(bodyOf(api.callsTo('/users/change_email')[1]!)).toEqual({
      email: 'new@example.com',
      password: 'Queen4ever!',
    });
  });

  it('the link landing says the address changed and loads the profile again', async () => {
    const changed = buildUser({ ...userFields(), email: 'new@example.com' });
    const { api } = await openAccount({ 'GET /users/profile': { data: changed } }, '/account?email_changed=1');

    expect(screen.getByText('Your e-mail address is changed.')).toBeInTheDocument();
    await waitFor(() => expect(region('E-mail address')).toHaveTextContent('Current address new@example.com'));
    expect(api.callsTo('/users/profile')).toHaveLength(1);
  });

  it('the link landing with an error says what went wrong', async () => {
    const { unmount } = await openAccount({}, '/account?error=email_verification_invalid_token');
    expect(screen.getAllByRole('alert')[0]).toHaveTextContent(
      'This link is invalid or has expired. Ask for a new one below.',
    );
    unmount();

    await openAccount({}, '/account?error=user_email_exists');
    expect(screen.getAllByRole('alert')[0]).toHaveTextContent('That email is already taken');
  });
});

describe('My account: data', () => {
  it('Download my data saves the export as my-data.json', async () => {
    const save = jest.spyOn(browser, 'saveFile').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const exported = { profile: { email: 'ada@example.com' }, purchases: [] };
    await openAccount({ 'GET /users/account/export': { data: exported } });

    await user.click(within(region('Your data')).getByRole('button', { name: 'Download my data' }));

    expect(await screen.findByText('Your data is downloaded (my-data.json).')).toBeInTheDocument();
    expect(save).toHaveBeenCalledWith('my-data.json', JSON.stringify(exported, null, 2));
  });

  it('Delete my account asks for the password; once deleted the member is signed out and sent home', async () => {
    const user = userEvent.setup();
    storage.writeUser(ada);
    let attempts = 0;
    const { api, store } = await openAccount({
      'POST /users/account/delete': () => {
        attempts += 1;
        return attempts === 1
          ? {
              status: 400,
              body: {
                error: {
                  code: 'user_wrong_password',
                  message: 'x',
                  fields: { password: 'Password is incorrect. Please try again.' },
                },
              },
            }
          : { body: { data: { message: 'Your account is deleted.' } } };
      },
    });

    await user.click(within(region('Your data')).getByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete my account' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(errorOf(within(dialog).getByLabelText('Password'))).toBe('This field is required.');
    expect(api.callsTo('/users/account/delete')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Password'), 'Wrong4ever!');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() =>
      expect(errorOf(within(dialog).getByLabelText('Password'))).toBe('Password is incorrect. Please try again.'),
    );

    await user.clear(within(dialog).getByLabelText('Password'));
    await user.type(within(dialog).getByLabelText('Password'), 'Queen4ever!');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    await waitFor(() => expect(location()).toBe('/home'));
    expect(await screen.findByText('Your account is deleted.')).toBeInTheDocument();
    expect(store.getState().auth.user).toBeNull();
    expect(store.getState().auth.accessToken).toBeNull();
    expect(storage.readUser()).toBeNull();
    // Gone home before signing out: no login is offered, no redirect to an account that is gone.
    expect(screen.queryByRole('dialog', { name: 'Log in' })).toBeNull();
    expect(storage.readRedirect()).toBeNull();
    expect(bodyOf(api.callsTo('/users/account/delete')[1]!)).toEqual({ password: 'Queen4ever!' });
  });

  it('once the account is deleted, a later step that fails never tells the form the deletion failed', async () => {
    const user = userEvent.setup();
    storage.writeUser(ada);
    const { store } = await openAccount({
      'POST /users/account/delete': () => ({ body: { data: { message: 'Your account is deleted.' } } }),
    });
    const go = jest.spyOn(navigation, 'go').mockImplementation(() => {
      throw new Error('The router is gone');
    });

    await user.click(within(region('Your data')).getByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete my account' });
    await user.type(within(dialog).getByLabelText('Password'), 'Queen4ever!');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    await waitFor(() => expect(go).toHaveBeenCalledWith('/home', { replace: true }));
    expect(store.getState().myAccount.deletion).toEqual({ status: 'succeeded', errors: {} });
    expect(storage.readUser()).toBeNull();
    expect(screen.queryByText(/went wrong/)).toBeNull();
  });
});
