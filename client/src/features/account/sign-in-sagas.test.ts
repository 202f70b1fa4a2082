// The login and social sign-in sagas, run whole in the real store against a stubbed network.
import { makeStore } from '../../app/store';
import { storage } from '../../lib/storage';
import { modalOpened } from '../../state/modal-slice';
import { errorBody, reply, stubApi } from '../../test/api-stub';
import { buildFooter } from '../../test/page-builders';
import { loginRequested, socialProvidersLoaded, socialSignInRequested } from './slice';
import { SocialSignInError } from './social-error';
import { socialSdk } from './social-sdk';
import { bodyOf, flushSagas as flush, go, session, spyOnNavigationEachTest, toasts } from './account-test-support';

spyOnNavigationEachTest();

describe('login', () => {
  it('signs in with the trimmed values, with cookies, and goes home', async () => {
    storage.writeGuest(true);
    const api = stubApi({ 'GET /content/footer': buildFooter(), 'POST /users/login': session });
    const store = makeStore();
    store.dispatch(modalOpened('login'));

    store.dispatch(loginRequested({ email: ' ada@example.com ', password: ' Queen4ever! ', redirect: null }));
    await flush();

    const call = api.callsTo('/users/login')[0]!;
    expect(bodyOf(call)).toEqual({ username: 'ada@example.com', password: 'Queen4ever!', platform: 'mobile-web' });
    expect(call.init.credentials).toBe('include');
    expect(store.getState().auth).toMatchObject({ accessToken: 'access-1', guest: false, user: { username: 'ada' } });
    expect(store.getState().auth.colors).toEqual(['#00BCD4', '#E0F7FA']);
    expect(storage.readGuest()).toBe(false);
    expect(store.getState().modal.key).toBeNull();
    expect(store.getState().account.loginStatus).toBe('succeeded');
    expect(go).toHaveBeenCalledWith('/home');
  });

  it('goes to the stored redirect first (and forgets it), then to the redirect query', async () => {
    stubApi({ 'POST /users/login': session });
    const store = makeStore();
    storage.writeRedirect('/lessons/8');

    store.dispatch(loginRequested({ email: 'a@b.co', password: 'x', redirect: '/programs' }));
    await flush();
    expect(go).toHaveBeenLastCalledWith('/lessons/8');
    expect(storage.readRedirect()).toBeNull();

    store.dispatch(loginRequested({ email: 'a@b.co', password: 'x', redirect: '/programs' }));
    await flush();
    expect(go).toHaveBeenLastCalledWith('/programs');
  });

  it('never leaves the site for a redirect', async () => {
    stubApi({ 'POST /users/login': session });
    const store = makeStore();

    store.dispatch(loginRequested({ email: 'a@b.co', password: 'x', redirect: '//evil.example/' }));
    await flush();

    expect(go).toHaveBeenCalledWith('/home');
  });

  it.each([
    [reply(401, errorBody('user_wrong_password', 'Wrong')), 'Password is incorrect. Please try again.'],
    [reply(404, errorBody('user_doesnt_exist')), "We can't find that email address"],
    [reply(403, errorBody('user_cant_login')), 'Hey. You still need to confirm your email...'],
    [reply(403, errorBody('user_deactivated', 'User deactivated')), 'User deactivated'],
    [reply(500, 'oops'), 'Invalid email or password.'],
  ])('a failure (%p) toasts %p and stays on the form', async (answer, message) => {
    stubApi({ 'POST /users/login': answer });
    const store = makeStore();

    store.dispatch(loginRequested({ email: 'a@b.co', password: 'x', redirect: null }));
    await flush();

    expect(toasts(store)).toEqual([message]);
    expect(store.getState().account.loginStatus).toBe('failed');
    expect(store.getState().auth.user).toBeNull();
    expect(go).not.toHaveBeenCalled();
  });
});

describe('social sign-in', () => {
  const providers = { google: { client_id: 'google-id' }, facebook: { app_id: 'fb-id' }, apple: null, unavailable: {} };

  it('gets the provider credential and signs in with it', async () => {
    const credential = jest.spyOn(socialSdk, 'credential').mockResolvedValue('google-id-token');
    const api = stubApi({ 'POST /users/google': session });
    const store = makeStore();
    store.dispatch(socialProvidersLoaded(providers));

    store.dispatch(socialSignInRequested({ provider: 'google', redirect: null }));
    await flush();

    expect(credential).toHaveBeenCalledWith('google', providers);
    expect(bodyOf(api.callsTo('/users/google')[0]!)).toEqual({ id_token: 'google-id-token', platform: 'mobile-web' });
    expect(store.getState().auth.accessToken).toBe('access-1');
    expect(go).toHaveBeenCalledWith('/home');
  });

  it('without an account, keeps the social data and goes to register with the redirect', async () => {
    jest.spyOn(socialSdk, 'credential').mockResolvedValue('fb-token');
    const api = stubApi({
      'POST /users/facebook': reply(404, {
        error: {
          code: 'user_doesnt_exist',
          message: "We can't find that email address",
          errorType: 'facebook',
          email: 'ada@example.com',
          socialToken: 'signed-social-token',
        },
      }),
    });
    const store = makeStore();
    store.dispatch(socialProvidersLoaded(providers));
    store.dispatch(modalOpened('login'));

    store.dispatch(socialSignInRequested({ provider: 'facebook', redirect: '/lessons/3' }));
    await flush();

    expect(bodyOf(api.callsTo('/users/facebook')[0]!)).toEqual({ access_token: 'fb-token', platform: 'mobile-web' });
    expect(storage.readSocialRegistration()).toEqual({
      type: 'facebook',
      token: 'signed-social-token',
      email: 'ada@example.com',
    });
    expect(go).toHaveBeenCalledWith('/register/facebook?redirect=%2Flessons%2F3');
    expect(store.getState().modal.key).toBeNull();
    expect(toasts(store)).toEqual([]);
  });

  it('Google failures show their own text; other providers show what went wrong', async () => {
    const credential = jest.spyOn(socialSdk, 'credential');
    stubApi({
      'POST /users/facebook': reply(401, {
        error: { code: 'user_invalid_token', message: 'Invalid token', errorType: 'facebook' },
      }),
    });
    const store = makeStore();
    store.dispatch(socialProvidersLoaded(providers));

    credential.mockRejectedValueOnce(new SocialSignInError('Google sign-in was canceled.'));
    store.dispatch(socialSignInRequested({ provider: 'google', redirect: null }));
    await flush();
    credential.mockResolvedValueOnce('fb-token');
    store.dispatch(socialSignInRequested({ provider: 'facebook', redirect: null }));
    await flush();

    expect(toasts(store)).toEqual(['Google authentication failed.', 'Invalid token']);
    expect(go).not.toHaveBeenCalled();
  });
});
