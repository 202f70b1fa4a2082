// A refused login tells its message under the field it concerns, as well as in the toast.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../api/client';
import { errorBody, reply, stubApi } from '../../test/api-stub';
import { buildFooter } from '../../test/page-builders';
import { renderApp } from '../../test/render-app';
import { MESSAGES } from '../../validation/rules';
import { loginFieldErrors } from './login-errors';

const NO_PROVIDERS = { data: { facebook: null, google: null, apple: null, unavailable: {} } };

function stub(login: unknown) {
  return stubApi({
    'GET /content/footer': buildFooter(),
    'GET /users/social_providers': NO_PROVIDERS,
    'POST /users/login': login,
  });
}

const field = (label: string) => within(screen.getByRole('main')).getByLabelText(label);
/** The message under a field, found through its aria-describedby. */
function errorOf(control: HTMLElement): string | null {
  const id = control.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

async function logIn(email: string, password: string) {
  const user = userEvent.setup();
  await screen.findByRole('heading', { level: 1, name: 'Log in' });
  await user.type(field('E-mail'), email);
  await user.type(field('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  return user;
}

describe('login errors under their fields', () => {
  it('a wrong password shows under the password, and in the toast, until the password is edited', async () => {
    stub(reply(401, errorBody('user_wrong_password', 'Wrong password')));
    renderApp('/login');
    const user = await logIn('ada@example.com', 'nope');

    const message = 'Password is incorrect. Please try again.';
    expect(await screen.findByText(message, { selector: '.toast p' })).toBeInTheDocument();
    const password = field('Password');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(errorOf(password)).toBe(message);
    expect(field('E-mail')).toHaveAttribute('aria-invalid', 'false');
    expect(errorOf(field('E-mail'))).toBeNull();

    await user.type(password, 'x');
    expect(password).toHaveAttribute('aria-invalid', 'false');
    expect(errorOf(password)).toBeNull();
  });

  it('an unknown address shows under the e-mail', async () => {
    stub(reply(404, errorBody('user_doesnt_exist', 'No such user')));
    renderApp('/login');
    await logIn('nobody@example.com', 'Queen4ever!');

    const message = "We can't find that email address";
    expect(await screen.findByText(message, { selector: '.toast p' })).toBeInTheDocument();
    expect(field('E-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(errorOf(field('E-mail'))).toBe(message);
    expect(errorOf(field('Password'))).toBeNull();
  });

  it('a refusal without a field (the server down) stays in the toast alone', async () => {
    stub(reply(500, errorBody('server_error', 'Boom')));
    renderApp('/login');
    await logIn('ada@example.com', 'Queen4ever!');

    expect(await screen.findByText('Something went wrong', { selector: '.toast p' })).toBeInTheDocument();
    expect(errorOf(field('E-mail'))).toBeNull();
    expect(errorOf(field('Password'))).toBeNull();
  });

  it('without a network, says so in the toast rather than blaming the password', async () => {
    stub(reply(200, {}));
    const answer = globalThis.fetch;
    globalThis.fetch = jest.fn((input: RequestInfo | URL, init?: RequestInit) =>
      input === '/users/login' ? Promise.reject(new TypeError('Failed to fetch')) : answer(input, init),
    ) as typeof fetch;
    renderApp('/login');
    await logIn('ada@example.com', 'Queen4ever!');

    const message = 'You are offline. Check your connection, then log in again.';
    expect(await screen.findByText(message, { selector: '.toast p' })).toBeInTheDocument();
    expect(screen.queryByText('Invalid email or password.')).toBeNull();
    expect(errorOf(field('Password'))).toBeNull();
  });
});

describe('loginFieldErrors', () => {
  const missing = new ApiError(400, { code: 'user_username_or_password_missing', message: 'missing' });

  it('puts a missing value under the empty field', () => {
    expect(loginFieldErrors(missing, { email: ' ', password: 'x' })).toEqual({ email: MESSAGES.required });
    expect(loginFieldErrors(missing, { email: 'a@b.c', password: '' })).toEqual({ password: MESSAGES.required });
    expect(loginFieldErrors(missing, { email: 'a@b.c', password: 'x' })).toEqual({
      email: 'Username or password missing',
    });
  });

  it('says nothing under the fields for a failure that is not a refusal', () => {
    expect(loginFieldErrors(new Error('offline'), { email: 'a', password: 'b' })).toEqual({});
    expect(loginFieldErrors(new ApiError(null, null, 'Network error'), { email: 'a', password: 'b' })).toEqual({});
  });
});
