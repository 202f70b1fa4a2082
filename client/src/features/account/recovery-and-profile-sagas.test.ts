// Password recovery and reset, profile updates and the redirect after login, run whole in the real store.
import { makeStore } from '../../app/store';
import { storage } from '../../lib/storage';
import {
  avatarUpdateRequested,
  initialAuthState,
  logoutRequested,
  profileUpdateRequested,
  redirectAfterLoginChosen,
} from '../../state/auth-slice';
import { browser } from '../../lib/browser';
import { errorBody, reply, stubApi } from '../../test/api-stub';
import { buildUser } from '../../test/member-builders';
import { recoveryRequested, resetRequested } from './slice';
import { bodyOf, flushSagas as flush, spyOnNavigationEachTest, toasts } from './account-test-support';

spyOnNavigationEachTest();

describe('password recovery and reset', () => {
  it('recovery: the success toast and back to the login view, or the server message', async () => {
    const api = stubApi({ 'POST /users/start_password_recovery': { data: { message: 'sent' } } });
    const store = makeStore();

    store.dispatch(recoveryRequested(' ada@example.com '));
    await flush();
    expect(bodyOf(api.callsTo('/users/start_password_recovery')[0]!)).toEqual({ email: 'ada@example.com' });
    expect(toasts(store)).toEqual(['We sent you an email with instructions to reset your password.']);
    expect(store.getState().account).toMatchObject({ recoveryStatus: 'succeeded', forgotView: false });

    stubApi({
      'POST /users/start_password_recovery': reply(
        429,
        errorBody('rate_limited', 'Too many attempts. Please wait a moment and try again.'),
      ),
    });
    store.dispatch(recoveryRequested('ada@example.com'));
    await flush();
    expect(toasts(store)[1]).toBe('Too many attempts. Please wait a moment and try again.');
  });

  it('reset: passwords that differ are refused before any call', async () => {
    const api = stubApi({});
    const store = makeStore();

    store.dispatch(resetRequested({ token: 't', password: 'Queen4ever!', confirmation: 'Queen4ever?' }));
    await flush();

    expect(toasts(store)).toEqual(["The passwords don't match. Please try again."]);
    expect(api.callsTo('/users/recover_password')).toHaveLength(0);
    expect(store.getState().account.resetStatus).toBe('failed');
  });

  it('reset: sends token and both passwords; success view and toast, or the server message', async () => {
    const api = stubApi({ 'POST /users/recover_password': { data: { message: 'ok' } } });
    const store = makeStore();

    store.dispatch(resetRequested({ token: 'tok', password: 'King4ever!', confirmation: 'King4ever!' }));
    await flush();
    expect(bodyOf(api.callsTo('/users/recover_password')[0]!)).toEqual({
      token: 'tok',
      password: 'King4ever!',
      password_confirmation: 'King4ever!',
    });
    expect(store.getState().account.resetStatus).toBe('succeeded');
    expect(toasts(store)).toEqual(['Your password has been updated.']);

    stubApi({
      'POST /users/recover_password': reply(400, errorBody('password_recovery_invalid_token', 'Invalid token')),
    });
    store.dispatch(resetRequested({ token: 'old', password: 'King4ever!', confirmation: 'King4ever!' }));
    await flush();
    expect(toasts(store)[1]).toBe('Invalid token');
    expect(store.getState().account.resetStatus).toBe('failed');
  });
});

describe('profile updates and the redirect after login (session)', () => {
  const signedInState = () => ({ auth: { ...initialAuthState(buildUser()), accessToken: 'a' } });
  const posts = (api: ReturnType<typeof stubApi>) =>
    api.calls.filter((call) => call.method === 'POST' && call.url.pathname === '/users/profile');

  it('a locked item remembers where to come back to; a names update stores the user and forgets the redirect', async () => {
    const api = stubApi({
      'GET /users/profile': { data: buildUser() },
      'POST /users/profile': { data: buildUser({ firstname: 'Judit', lastname: 'Polgar' }) },
    });
    const store = makeStore(signedInState());
    store.dispatch(redirectAfterLoginChosen('/lessons/8'));
    await flush();
    expect(storage.readRedirect()).toBe('/lessons/8');

    store.dispatch(profileUpdateRequested({ firstname: 'Judit', lastname: 'Polgar' }));
    await flush();

    expect(bodyOf(posts(api)[0]!)).toEqual({ firstname: 'Judit', lastname: 'Polgar' });
    expect(store.getState().auth.user).toMatchObject({ firstname: 'Judit', lastname: 'Polgar' });
    expect(store.getState().auth.profileUpdateStatus).toBe('succeeded');
    expect(storage.readUser()).toMatchObject({ firstname: 'Judit' });
    expect(storage.readRedirect()).toBeNull();
  });

  it('an avatar update sends the file as multipart and keeps the new src', async () => {
    const api = stubApi({
      'GET /users/profile': { data: buildUser() },
      'POST /users/profile': { data: buildUser({ avatar: { src: '/uploads/abc.webp' } }) },
    });
    const store = makeStore(signedInState());
    const file = new Blob(['png'], { type: 'image/png' });

    store.dispatch(avatarUpdateRequested(file));
    await flush();

    const body = posts(api)[0]!.init.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('avatar')).toBeInstanceOf(Blob);
    expect(store.getState().auth.user?.avatar).toEqual({ src: '/uploads/abc.webp' });
  });

  it('a failed update keeps the user and says so', async () => {
    stubApi({
      'GET /users/profile': { data: buildUser() },
      'POST /users/profile': reply(400, errorBody('validation_failed')),
    });
    const store = makeStore(signedInState());

    store.dispatch(profileUpdateRequested({ firstname: 'J' }));
    await flush();

    expect(store.getState().auth.profileUpdateStatus).toBe('failed');
    expect(store.getState().auth.user).toMatchObject({ firstname: 'Ada' });
    expect(toasts(store)).toEqual([
      'An error occurred while trying to update your user session. You may need to reload the page to see changes.',
    ]);
  });

  it('logout forgets the redirect after login', async () => {
    jest.spyOn(browser, 'reload').mockImplementation(() => undefined);
    stubApi({ 'GET /users/logout': { data: {} } });
    const store = makeStore(signedInState());
    storage.writeRedirect('/upgrade-account');

    store.dispatch(logoutRequested());
    await flush();

    expect(storage.readRedirect()).toBeNull();
  });
});
