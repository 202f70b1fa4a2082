// The login page and the account overlays as a visitor uses them: validation, server messages, providers.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorBody, reply } from '../../test/api-stub';
import { buildLesson } from '../../test/builders';
import { buildHome } from '../../test/page-builders';
import { buildLockedItem, lockedAnswer } from '../../test/offers';
import { renderApp } from '../../test/render-app';
import { PROVIDERS_FAILED } from './components/SocialButtons';
import { errorOf, field, location, providersWith, signedUp as member, stubPages as stub } from './account-test-support';

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
