// Onboarding and the register page as a visitor uses them: providers, the e-mail form and its checks.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { storage } from '../../lib/storage';
import { reply } from '../../test/api-stub';
import { renderApp } from '../../test/render-app';
import { MESSAGES } from '../../validation/rules';
import { errorOf, field, location, providersWith, signedUp as member, stubPages as stub } from './account-test-support';

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
