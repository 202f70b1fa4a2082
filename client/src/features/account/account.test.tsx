// The account screens as a visitor uses them: forms, validation under the fields, overlays.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { storage } from '../../lib/storage';
import { errorBody, reply, stubApi } from '../../test/api-stub';
import { buildLesson } from '../../test/builders';
import { buildUser } from '../../test/member-builders';
import { buildFooter, buildHome } from '../../test/page-builders';
import { buildLockedItem, lockedAnswer } from '../../test/offers';
import { renderApp } from '../../test/render-app';
import { MESSAGES } from '../../validation/rules';
import { PROVIDERS_FAILED } from './components/SocialButtons';

const COUNTRIES = [
  { code: 'FR', name: 'France' },
  { code: 'IN', name: 'India' },
];
const PROVIDER_NAMES = { facebook: 'Facebook', google: 'Google', apple: 'Apple' } as const;
type Provider = keyof typeof PROVIDER_NAMES;

/** The BFF's answer with these providers on: every other one is null and said to be off. */
function providersWith(on: Partial<Record<Provider, object>>) {
  const providers = Object.keys(PROVIDER_NAMES) as Provider[];
  const unavailable = Object.fromEntries(
    providers
      .filter((provider) => !on[provider])
      .map((provider) => [
        provider,
        {
          code: 'social_provider_not_configured',
          message: `${PROVIDER_NAMES[provider]} sign-in is not available on this site.`,
        },
      ]),
  );
  return {
    data: { ...Object.fromEntries(providers.map((provider) => [provider, on[provider] ?? null])), unavailable },
  };
}

const NO_PROVIDERS = providersWith({});
const member = buildUser({ username: 'ada_board', skill_level: 'master' });

function stub(routes: Record<string, unknown> = {}) {
  return stubApi({
    'GET /content/footer': buildFooter(),
    'GET /cms/hubs/home': buildHome(),
    'GET /users/social_providers': NO_PROVIDERS,
    'GET /users/countries': { data: COUNTRIES },
    'GET /users/check': { data: { available: true, message: null } },
    'GET /users/check_email': { data: { available: true, message: null } },
    ...routes,
  });
}

/** The message under a field, found through the field's aria-describedby. */
function errorOf(field: HTMLElement): string | null {
  const id = field.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

const location = () => screen.getByTestId('location').textContent;
/** A field of the page (the footer has an e-mail field of its own). */
const field = (label: string | RegExp) => within(screen.getByRole('main')).getByLabelText(label);

describe('login page', () => {
  it('shows required errors under the fields and sends nothing', async () => {
    const user = userEvent.setup();
    const api = stub();
    renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Log in' });

    await user.click(screen.getByRole('button', { name: 'Log in' }));

    const email = field('E-mail');
    const password = field('Password');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(errorOf(email)).toBe('This field is required.');
    expect(errorOf(password)).toBe('This field is required.');
    expect(screen.getAllByText('This field is required.')[0]).toHaveClass('field-error');
    expect(api.callsTo('/users/login')).toHaveLength(0);
  });

  it('logs in with trimmed values and goes to the redirect, showing the member in the header', async () => {
    const user = userEvent.setup();
    const api = stub({ 'POST /users/login': { data: { access: 'a', user: member } } });
    renderApp('/login?redirect=%2Fprograms');
    await screen.findByRole('heading', { level: 1, name: 'Log in' });

    await user.type(field('E-mail'), '  ada@example.com ');
    await user.type(field('Password'), 'Queen4ever! ');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(field('Password')).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    await screen.findByText('Signed in as Ada Board');
    expect(JSON.parse(api.callsTo('/users/login')[0]!.init.body as string)).toMatchObject({
      username: 'ada@example.com',
      password: 'Queen4ever!',
    });
    await waitFor(() => expect(location()).toBe('/programs'));
    // The level colours of the member's level (master) on the header's account area.
    const account = screen.getByText('Signed in as Ada Board').parentElement!;
    expect(account.style.getPropertyValue('--level-color')).toBe('#7446FF');
    expect(account.style.getPropertyValue('--level-color-soft')).toBe('#EFE9FF');
  });

  it("shows the server code's text when the login fails", async () => {
    const user = userEvent.setup();
    stub({ 'POST /users/login': reply(401, errorBody('user_wrong_password', 'x')) });
    renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Log in' });

    await user.type(field('E-mail'), 'ada@example.com');
    await user.type(field('Password'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    // In the toast (and under the password: login-errors.test.tsx).
    expect(
      await screen.findByText('Password is incorrect. Please try again.', { selector: '.toast p' }),
    ).toBeInTheDocument();
    expect(location()).toBe('/login');
  });

  it('says when an e-mail address was confirmed or its change stopped, or when the link was not valid or followed too often', async () => {
    stub();
    const { unmount } = renderApp('/login?confirmed=1');
    expect(await screen.findByText('Your e-mail address is confirmed. You can now log in.')).toBeInTheDocument();
    unmount();

    const invalid = renderApp('/login?error=email_verification_invalid_token');
    expect(await screen.findByRole('alert')).toHaveTextContent('This confirmation link is invalid or has expired.');
    invalid.unmount();

    const stopped = renderApp('/login?email_change_cancelled=1');
    expect(await screen.findByText(/The change of your e-mail address is stopped/)).toBeInTheDocument();
    stopped.unmount();

    renderApp('/login?error=rate_limited');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts.');
  });

  it('the forgot view validates the e-mail, sends it, toasts and comes back; Cancel comes back too', async () => {
    const user = userEvent.setup();
    const api = stub({ 'POST /users/start_password_recovery': { data: { message: 'sent' } } });
    renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Log in' });

    await user.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    expect(screen.getByRole('heading', { name: 'Forgot your password?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Recover my password' }));
    expect(errorOf(field('E-mail'))).toBe('This field is required.');
    await user.type(field('E-mail'), 'ada@');
    expect(errorOf(field('E-mail'))).toBe('Email format is invalid.');
    await user.type(field('E-mail'), 'example.com ');
    await user.click(screen.getByRole('button', { name: 'Recover my password' }));

    expect(
      await screen.findByText('We sent you an email with instructions to reset your password.'),
    ).toBeInTheDocument();
    expect(JSON.parse(api.callsTo('/users/start_password_recovery')[0]!.init.body as string)).toEqual({
      email: 'ada@example.com',
    });
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });

  it('after OR, offers every provider: the ones that are on work, the others say why they cannot', async () => {
    stub({ 'GET /users/social_providers': providersWith({ google: { client_id: 'g' } }) });
    renderApp('/login');

    const google = await screen.findByRole('button', { name: 'Continue with Google' });
    await waitFor(() => expect(google).toBeEnabled());
    expect(google).not.toHaveAccessibleDescription();
    expect(screen.getByText('OR')).toBeInTheDocument();
    for (const name of ['Facebook', 'Apple']) {
      const button = screen.getByRole('button', { name: `Continue with ${name}` });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(`${name} sign-in is not available on this site.`);
    }
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/onboarding');
  });

  it('when the providers cannot be fetched, their buttons are disabled and say so', async () => {
    stub({ 'GET /users/social_providers': reply(503, errorBody('server_error')) });
    renderApp('/login');

    const facebook = await screen.findByRole('button', { name: 'Continue with Facebook' });
    await waitFor(() => expect(facebook).toHaveAccessibleDescription(PROVIDERS_FAILED));
    for (const name of ['Facebook', 'Google', 'Apple']) {
      expect(screen.getByRole('button', { name: `Continue with ${name}` })).toBeDisabled();
    }
  });
});

describe('overlays', () => {
  it('the login overlay holds the login form; Sign up switches to the register overlay', async () => {
    const user = userEvent.setup();
    stub();
    renderApp('/404?open=login');

    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    expect(await within(dialog).findByLabelText('E-mail')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Password')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Sign up' }));

    const register = await screen.findByRole('dialog', { name: 'Sign up' });
    await user.click(await within(register).findByRole('link', { name: 'Sign up with E-mail' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(location()).toBe('/register/email');
  });

  it('a locked lesson on home leads to its page, whose Sign up comes back to it after login', async () => {
    const user = userEvent.setup();
    stub({ 'GET /cms/hubs/home': buildHome(), 'GET /cms/lessons/8': lockedAnswer(buildLockedItem({ id: 8 })) });
    renderApp('/home');

    await user.click(
      await screen.findByRole('link', { name: new RegExp(`${buildLesson(8).title}.*\\(Pro, locked\\)`) }),
    );
    const unlock = await screen.findByRole('region', { name: 'Unlock this lesson' });
    await user.click(within(unlock).getByRole('link', { name: 'Sign up' }));

    // The register page keeps it as the redirect after login (Account screens).
    expect(screen.getByTestId('location')).toHaveTextContent('/register/email?redirect=%2Flessons%2F8');
  });
});

describe('onboarding page', () => {
  it('offers every provider, then OR, e-mail and Log in, keeping the redirect', async () => {
    stub({
      'GET /users/social_providers': providersWith({
        facebook: { app_id: 'f' },
        apple: { client_id: 'a', redirect_uri: null },
      }),
    });
    renderApp('/onboarding?redirect=%2Flessons%2F2');

    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign up with Facebook' })).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Sign up with Apple' })).toBeEnabled();
    const google = screen.getByRole('button', { name: 'Sign up with Google' });
    expect(google).toBeDisabled();
    expect(google).toHaveAccessibleDescription('Google sign-in is not available on this site.');
    expect(screen.getByText('OR')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up with E-mail' })).toHaveAttribute(
      'href',
      '/register/email?redirect=%2Flessons%2F2',
    );
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?redirect=%2Flessons%2F2');
  });
});

describe('register page', () => {
  async function openEmailForm() {
    renderApp('/register/email');
    await screen.findByRole('heading', { level: 1, name: 'Register with E-mail' });
    await screen.findByRole('option', { name: 'France' });
  }

  it('has every field, the countries, the eight levels and the exact newsletter text', async () => {
    stub();
    await openEmailForm();

    const country = field('Country');
    expect(
      within(country)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Your country', 'France', 'India']);
    expect(
      within(field('Level'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Your level',
      'Beginner - 800',
      'Casual - 1000',
      'Club - 1200',
      'League - 1400',
      'Tournament - 1600',
      'Advanced - 1800',
      'Expert - 2000',
      'Master - 2200+',
    ]);
    expect(
      field('Subscribe to get chess tips and updates on new lessons by email. You can unsubscribe at anytime.'),
    ).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Show password' })).toBeInTheDocument();
  });

  it('shows the first failing rule under each field', async () => {
    const user = userEvent.setup();
    const api = stub();
    await openEmailForm();

    await user.click(screen.getByRole('button', { name: 'Complete sign-up' }));
    const username = field('Username');
    const email = field('E-mail');
    const password = field('Password');
    expect(errorOf(username)).toBe('This field is required.');
    expect(errorOf(email)).toBe('This field is required.');
    expect(errorOf(password)).toBe('This field is required.');
    expect(errorOf(field('Country'))).toBe('This field is required.');
    expect(errorOf(field('Level'))).toBe('This field is required.');
    expect(errorOf(screen.getByRole('checkbox', { name: /I accept the terms/ }))).toBe('You must select this checkbox');
    // The age the terms set: 18 to accept them, from 12 with a parent's or guardian's consent.
    expect(
      screen.getByRole('checkbox', {
        name: /I am 18 or older, or at least 12 with the consent of a parent or guardian/,
      }),
    ).toBeInTheDocument();

    await user.type(username, 'a b');
    expect(errorOf(username)).toBe('Minimum length of 5 is not met.');
    await user.type(username, 'cdef');
    expect(errorOf(username)).toBe("Username can't contain white spaces.");
    await user.clear(username);
    await user.type(username, 'ada!board');
    expect(errorOf(username)).toBe("Username can't contain special characters.");
    await user.type(email, 'ada@example');
    expect(errorOf(email)).toBe('Email format is invalid.');
    await user.type(password, 'abcdefgh');
    expect(errorOf(password)).toBe(MESSAGES.password(8, 20));
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('/users/register')).toHaveLength(0);
  });

  it('says when the username or e-mail is already taken (checked as typed)', async () => {
    const user = userEvent.setup();
    stub({
      'GET /users/check': { data: { available: false, message: 'This username is already taken.' } },
      'GET /users/check_email': { data: { available: false, message: 'That email is already taken' } },
    });
    await openEmailForm();

    await user.type(field('Username'), 'magnus_c');
    await user.type(field('E-mail'), 'magnus@example.com');

    expect(await screen.findByText('This username is already taken.')).toBeInTheDocument();
    expect(await screen.findByText('That email is already taken')).toBeInTheDocument();
    expect(errorOf(field('Username'))).toBe('This username is already taken.');
  });

  it("shows the server's reason for a username it refuses, not 'taken'", async () => {
    const user = userEvent.setup();
    stub({ 'GET /users/check': { data: { available: false, message: 'Keep it clean, please' } } });
    await openEmailForm();

    await user.type(field('Username'), 'rudeword1');

    expect(await screen.findByText('Keep it clean, please')).toBeInTheDocument();
    expect(screen.queryByText(/already taken/)).not.toBeInTheDocument();
  });

  it('registers by e-mail and asks to confirm the address', async () => {
    const user = userEvent.setup();
    const api = stub({
      'POST /users/register': reply(201, { data: { access: null, user: member, email_confirmation_required: true } }),
    });
    await openEmailForm();

    await user.type(field('Username'), 'ada_board');
    await user.type(field('E-mail'), 'ada@example.com');
    await user.type(field('Password'), 'Queen4ever!');
    await user.selectOptions(field('Country'), 'IN');
    await user.selectOptions(field('Level'), 'expert');
    await user.click(screen.getByRole('checkbox', { name: /I accept the terms/ }));
    await user.click(screen.getByRole('button', { name: 'Complete sign-up' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(JSON.parse(api.callsTo('/users/register')[0]!.init.body as string)).toEqual({
      type: 'email',
      username: 'ada_board',
      email: 'ada@example.com',
      password: 'Queen4ever!',
      country: 'IN',
      skill_level: 'expert',
      terms: true,
      subscribe: false,
      platform: 'mobile-web',
    });
  });

  it("shows the server's messages under their fields until they are edited", async () => {
    const user = userEvent.setup();
    stub({
      'POST /users/register': reply(409, {
        error: {
          code: 'user_email_exists',
          message: 'That email is already taken',
          fields: { email: 'That email is already taken' },
        },
      }),
    });
    await openEmailForm();
    await user.type(field('Username'), 'ada_board');
    await user.type(field('E-mail'), 'ada@example.com');
    await user.type(field('Password'), 'Queen4ever!');
    await user.selectOptions(field('Country'), 'FR');
    await user.selectOptions(field('Level'), 'club');
    await user.click(screen.getByRole('checkbox', { name: /I accept the terms/ }));
    await user.click(screen.getByRole('button', { name: 'Complete sign-up' }));

    const email = field('E-mail');
    await screen.findByText('That email is already taken');
    expect(errorOf(email)).toBe('That email is already taken');
    await user.type(email, 'x');
    expect(errorOf(email)).toBeNull();
  });

  it('the terms links open the terms and privacy overlays', async () => {
    const user = userEvent.setup();
    stub({
      'GET /cms/legal-pages/privacy': { slug: 'privacy', title: 'Privacy policy', body: 'At least **16** to consent.' },
    });
    await openEmailForm();

    await user.click(screen.getByRole('button', { name: 'privacy policy' }));

    expect(await screen.findByRole('dialog', { name: 'Privacy policy' })).toBeInTheDocument();
  });

  it('a social type shows the stored e-mail, asks no password, and sends the stored token', async () => {
    const user = userEvent.setup();
    storage.writeSocialRegistration({ type: 'google', token: 'social-token', email: 'ada@gmail.example' });
    const api = stub({
      'POST /users/register': reply(201, { data: { access: 'a', user: member, email_confirmation_required: false } }),
    });
    renderApp('/register/google?redirect=%2Fprograms');

    await screen.findByRole('heading', { level: 1, name: 'Register with Google' });
    expect(await screen.findByText('ada@gmail.example')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).queryByLabelText('Password')).not.toBeInTheDocument();
    expect(within(screen.getByRole('main')).queryByLabelText('E-mail')).not.toBeInTheDocument();
    await screen.findByRole('option', { name: 'France' });
    await user.type(field('Username'), 'ada_board');
    await user.selectOptions(field('Country'), 'FR');
    await user.selectOptions(field('Level'), 'club');
    await user.click(screen.getByRole('checkbox', { name: /I accept the terms/ }));
    await user.click(screen.getByRole('button', { name: 'Complete sign-up' }));

    await screen.findByText('Signed in as Ada Board');
    await waitFor(() => expect(location()).toBe('/programs'));
    expect(JSON.parse(api.callsTo('/users/register')[0]!.init.body as string)).toMatchObject({
      type: 'google',
      email: 'ada@gmail.example',
      token: 'social-token',
      platform: 'mobile-web',
    });
    expect(storage.readSocialRegistration()).toBeNull();
  });

  it('a social type without stored data leaves as after registration', async () => {
    stub();
    renderApp('/register/apple?redirect=%2Fprograms');

    await waitFor(() => expect(location()).toBe('/programs'));
  });

  it('an unknown type is not a page', async () => {
    stub();
    renderApp('/register/myspace');
    expect(await screen.findByText('404 ERROR')).toBeInTheDocument();
  });
});

describe('reset password page', () => {
  it('without a query string goes home', async () => {
    stub();
    renderApp('/reset_password');
    await waitFor(() => expect(location()).toBe('/home'));
  });

  it('validates both passwords, refuses different ones, then shows the way to log in', async () => {
    const user = userEvent.setup();
    const api = stub({ 'POST /users/recover_password': { data: { message: 'ok' } } });
    renderApp('/reset_password?token=tok');
    await screen.findByRole('heading', { level: 1, name: 'Reset your password' });
    const password = field('New password');
    const repeat = field('Repeat your new password');

    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(errorOf(password)).toBe('This field is required.');
    expect(errorOf(repeat)).toBe('This field is required.');
    await user.type(password, 'short');
    expect(errorOf(password)).toBe(MESSAGES.password(8, 20));

    await user.clear(password);
    await user.type(password, 'King4ever!');
    await user.type(repeat, 'King4ever?');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText("The passwords don't match. Please try again.")).toBeInTheDocument();
    expect(api.callsTo('/users/recover_password')).toHaveLength(0);

    await user.clear(repeat);
    await user.type(repeat, 'King4ever!');
    await user.click(screen.getByRole('button', { name: 'Update password' }));

    expect(
      await screen.findByText('Your password has been updated. You can now log in using your new password.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Your password has been updated.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/home');
    await user.click(screen.getByRole('link', { name: 'Log in' }));
    expect(location()).toBe('/home?open=login');
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeInTheDocument();
  });
});
