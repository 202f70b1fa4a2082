// The account sagas, run whole in the real store against a stubbed network.
import { makeStore } from '../../app/store';
import { navigation } from '../../lib/navigation';
import { storage } from '../../lib/storage';
import {
  avatarUpdateRequested,
  initialAuthState,
  logoutRequested,
  profileUpdateRequested,
  redirectAfterLoginChosen,
} from '../../session/auth-slice';
import { initialConsentState } from '../../session/consent-slice';
import { modalOpened } from '../../session/modal-slice';
import { browser } from '../../lib/browser';
import { errorBody, reply, stubApi } from '../../test/api-stub';
import { buildUser } from '../../test/member-builders';
import { buildFooter } from '../../test/page-builders';
import {
  emailEdited,
  loginRequested,
  recoveryRequested,
  registerPageOpened,
  registerRequested,
  resetRequested,
  socialProvidersLoaded,
  socialSignInRequested,
  usernameEdited,
} from './slice';
import type { RegistrationRequest } from '../../api/endpoints';
import { SocialSignInError } from './social-error';
import { SDK_URLS, socialSdk } from './social-sdk';

const flush = async () => {
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
};
const toasts = (store: ReturnType<typeof makeStore>) => store.getState().toasts.items.map((toast) => toast.message);
const bodyOf = (call: { init: RequestInit }) => JSON.parse(call.init.body as string) as Record<string, unknown>;

let go: jest.SpyInstance;
beforeEach(() => {
  go = jest.spyOn(navigation, 'go').mockImplementation(() => undefined);
});

const member = buildUser({ username: 'ada', skill_level: 'club' });
const session = { data: { access: 'access-1', user: member } };

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

describe('social SDKs (loader injected, no network)', () => {
  afterEach(() => {
    delete window.FB;
    delete window.google;
    delete window.AppleID;
  });

  it('loads the Facebook SDK only when asked, then logs in for an access token', async () => {
    const loaded: string[] = [];
    jest.spyOn(socialSdk, 'loadScript').mockImplementation((src) => {
      loaded.push(src);
      window.FB = { init: jest.fn(), login: (callback) => callback({ authResponse: { accessToken: 'fb-token' } }) };
      return Promise.resolve();
    });

    await expect(
      socialSdk.credential('facebook', { facebook: { app_id: 'app' }, google: null, apple: null }),
    ).resolves.toBe('fb-token');
    expect(loaded).toEqual([SDK_URLS.facebook]);
    expect(window.FB!.init).toHaveBeenCalledWith(expect.objectContaining({ appId: 'app' }));
  });

  it('gets a Google id_token, and a skipped prompt is a canceled sign-in', async () => {
    let prompt: 'credential' | 'skip' = 'credential';
    jest.spyOn(socialSdk, 'loadScript').mockImplementation(() => {
      let callback: (answer: { credential?: string }) => void = () => undefined;
      window.google = {
        accounts: {
          id: {
            initialize: (options) => {
              callback = options.callback;
            },
            prompt: (listener) =>
              prompt === 'credential'
                ? callback({ credential: 'id-token' })
                : listener?.({ isSkippedMoment: () => true }),
          },
        },
      };
      return Promise.resolve();
    });
    const providers = { facebook: null, google: { client_id: 'g' }, apple: null };

    await expect(socialSdk.credential('google', providers)).resolves.toBe('id-token');
    prompt = 'skip';
    await expect(socialSdk.credential('google', providers)).rejects.toThrow('Google sign-in was canceled.');
  });

  it('gets an Apple authorization code', async () => {
    jest.spyOn(socialSdk, 'loadScript').mockImplementation(() => {
      window.AppleID = {
        auth: { init: jest.fn(), signIn: () => Promise.resolve({ authorization: { code: 'apple-code' } }) },
      };
      return Promise.resolve();
    });

    await expect(
      socialSdk.credential('apple', { facebook: null, google: null, apple: { client_id: 'a', redirect_uri: null } }),
    ).resolves.toBe('apple-code');
    expect(window.AppleID!.auth.init).toHaveBeenCalledWith(expect.objectContaining({ clientId: 'a', usePopup: true }));
  });

  it('a provider that is off or a script that fails to load is unavailable', async () => {
    jest.spyOn(socialSdk, 'loadScript').mockRejectedValue(new Error('offline'));

    await expect(socialSdk.credential('apple', { facebook: null, google: null, apple: null })).rejects.toThrow(
      'Apple sign-in is unavailable at the moment.',
    );
    await expect(
      socialSdk.credential('facebook', { facebook: { app_id: 'x' }, google: null, apple: null }),
    ).rejects.toThrow('Facebook sign-in is unavailable at the moment.');
  });
});

describe('availability checks', () => {
  afterEach(() => jest.useRealTimers());

  it('wait 400 ms after the last change and check only the last value', async () => {
    jest.useFakeTimers();
    const api = stubApi({
      'GET /users/check': { data: { available: false, message: 'This username is already taken.' } },
    });
    const store = makeStore();

    store.dispatch(usernameEdited('magnus'));
    await jest.advanceTimersByTimeAsync(300);
    store.dispatch(usernameEdited('magnus_c'));
    await jest.advanceTimersByTimeAsync(399);
    expect(api.callsTo('/users/check')).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(1);

    expect(api.callsTo('/users/check').map((call) => call.url.searchParams.get('username'))).toEqual(['magnus_c']);
    expect(store.getState().account.availability.username).toEqual({
      value: 'magnus_c',
      available: false,
      message: 'This username is already taken.',
    });
  });

  it.each([
    ['username', 5, false],
    ['username', 6, true],
    ['username', 30, true],
    ['username', 31, false],
    ['email', 5, false],
    ['email', 6, true],
    ['email', 62, true],
    ['email', 63, false],
  ] as const)('%s of %i characters: checked %p', async (field, length, checked) => {
    jest.useFakeTimers();
    const api = stubApi({
      'GET /users/check': { data: { available: true, message: null } },
      'GET /users/check_email': { data: { available: true, message: null } },
    });
    const store = makeStore();

    store.dispatch(
      field === 'username' ? usernameEdited('u'.repeat(length)) : emailEdited(`${'e'.repeat(length - 5)}@x.co`),
    );
    await jest.advanceTimersByTimeAsync(400);

    expect(api.callsTo(field === 'username' ? '/users/check' : '/users/check_email')).toHaveLength(checked ? 1 : 0);
  });
});

describe('registration', () => {
  const emailForm: RegistrationRequest = {
    type: 'email',
    username: 'ada_board',
    email: 'ada@example.com',
    password: 'Queen4ever!',
    country: 'FR',
    skill_level: 'club',
    terms: true,
    subscribe: true,
  };

  afterEach(() => {
    delete window.dataLayer;
  });

  it('an e-mail registration asks to confirm the address; it clears social data and the guest flag and fires the event', async () => {
    window.dataLayer = [];
    storage.writeGuest(true);
    storage.writeSocialRegistration({ type: 'google', token: 't', email: null });
    const api = stubApi({
      'POST /users/register': reply(201, { data: { access: null, user: member, email_confirmation_required: true } }),
    });
    const store = makeStore({ consent: initialConsentState({ statistics: true, media: false }) });

    store.dispatch(registerRequested({ form: emailForm, redirect: '/lessons/8' }));
    await flush();

    expect(bodyOf(api.callsTo('/users/register')[0]!)).toEqual({ ...emailForm, platform: 'mobile-web' });
    expect(store.getState().account).toMatchObject({
      registerStatus: 'succeeded',
      confirmationSentTo: 'ada@example.com',
    });
    expect(store.getState().auth).toMatchObject({ user: null, guest: false });
    expect(storage.readGuest()).toBe(false);
    expect(storage.readSocialRegistration()).toBeNull();
    expect(window.dataLayer).toEqual([{ event: 'registration', method: 'email' }]);
    // The redirect waits for the first login, after the confirmation.
    expect(storage.readRedirect()).toBe('/lessons/8');
    expect(go).not.toHaveBeenCalled();
  });

  it('the registration event is not forwarded without statistics consent', async () => {
    window.dataLayer = [];
    stubApi({
      'POST /users/register': reply(201, { data: { access: null, user: member, email_confirmation_required: true } }),
    });
    const store = makeStore({ consent: initialConsentState({ statistics: false, media: true }) });

    store.dispatch(registerRequested({ form: emailForm, redirect: null }));
    await flush();

    expect(window.dataLayer).toEqual([]);
  });

  it('a social registration signs in at once and goes to the redirect', async () => {
    storage.writeSocialRegistration({ type: 'google', token: 'social-token', email: 'ada@example.com' });
    stubApi({
      'GET /content/footer': buildFooter(),
      'POST /users/register': reply(201, {
        data: { access: 'access-2', user: member, email_confirmation_required: false },
      }),
    });
    const store = makeStore();
    const form: RegistrationRequest = { ...emailForm, type: 'google', password: undefined, token: 'social-token' };

    store.dispatch(registerRequested({ form, redirect: '/programs' }));
    await flush();

    expect(store.getState().auth).toMatchObject({ accessToken: 'access-2', user: { username: 'ada' } });
    expect(storage.readSocialRegistration()).toBeNull();
    expect(go).toHaveBeenCalledWith('/programs');
  });

  it("shows the server's field messages under their fields, and toasts any other failure", async () => {
    stubApi({
      'POST /users/register': reply(409, {
        error: {
          code: 'user_username_exists',
          message: 'This username is already taken.',
          fields: { username: 'This username is already taken.' },
        },
      }),
    });
    const store = makeStore();
    store.dispatch(registerRequested({ form: emailForm, redirect: null }));
    await flush();
    expect(store.getState().account.registerErrors).toEqual({ username: 'This username is already taken.' });
    expect(toasts(store)).toEqual([]);

    stubApi({ 'POST /users/register': reply(429, errorBody('rate_limited', 'Too many attempts.')) });
    store.dispatch(registerRequested({ form: emailForm, redirect: null }));
    await flush();
    expect(toasts(store)).toEqual(['Something went wrong with your registration: Too many attempts.']);
    expect(store.getState().account.registerStatus).toBe('failed');
  });

  it('a social register page finds its stored data, or leaves as after registration without it', async () => {
    stubApi({});
    const store = makeStore();
    storage.writeSocialRegistration({ type: 'apple', token: 'apple-social', email: null });

    store.dispatch(registerPageOpened({ type: 'apple', redirect: null }));
    await flush();
    expect(store.getState().account.socialRegistration).toEqual({ type: 'apple', token: 'apple-social', email: null });
    expect(go).not.toHaveBeenCalled();

    store.dispatch(registerPageOpened({ type: 'google', redirect: '/programs' }));
    await flush();
    expect(go).toHaveBeenCalledWith('/programs', { replace: true });
  });
});

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
