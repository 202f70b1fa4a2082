// The session: the auth slice, and its sagas run whole in the store (restore, refresh, expiry, logout).
import { makeStore } from './store';
import { api as endpoints } from '../api/endpoints';
import { browser } from '../lib/browser';
import { storage } from '../lib/storage';
import { errorBody, flush, reply, stubApi } from '../test/api-stub';
import { buildMembership, buildUser, proUser } from '../test/member-builders';
import { buildFooter } from '../test/page-builders';
import {
  authSlice,
  initialAuthState,
  logoutRequested,
  needsUpgrade,
  refreshFailed,
  selectIsSignedIn,
  signedIn,
} from '../state/auth-slice';

describe('auth slice', () => {
  it('stores tokens and user on sign-in and clears the guest flag', () => {
    const state = authSlice.reducer(
      initialAuthState(null, true),
      signedIn({ access: 'a', refresh: 'r', user: buildUser() }),
    );

    expect(state).toMatchObject({ accessToken: 'a', refreshToken: 'r', guest: false, user: { username: 'magnus' } });
    expect(selectIsSignedIn({ auth: state })).toBe(true);
  });

  it('a failed refresh makes the visitor a guest without tokens or user', () => {
    const state = authSlice.reducer({ ...initialAuthState(buildUser()), accessToken: 'a' }, refreshFailed());

    expect(state).toMatchObject({ accessToken: null, refreshToken: null, user: null, guest: true });
  });

  it('decides who needs an upgrade', () => {
    expect(needsUpgrade(null)).toBe(true);
    expect(needsUpgrade(buildUser({ user_tier: 'free' }))).toBe(true);
    expect(needsUpgrade(buildUser({ user_tier: 'pro', subscription: null }))).toBe(true);
    expect(needsUpgrade(buildUser({ user_tier: 'pro', subscription: buildMembership('expired') }))).toBe(true);
    expect(needsUpgrade(buildUser({ user_tier: 'pro', subscription: buildMembership('canceled') }))).toBe(true);
    expect(needsUpgrade(proUser())).toBe(false);
  });
});

describe('auth sagas (whole store)', () => {
  it('restores a stored session: the refresh cookie gives a token, then the profile loads the user', async () => {
    storage.writeUser(buildUser({ firstname: 'Old' }));
    stubApi({
      'GET /content/footer': buildFooter(),
      'GET /users/profile': (_u: URL, init: RequestInit) =>
        (init.headers as Record<string, string>).Authorization === 'Bearer fresh'
          ? { body: { data: buildUser({ firstname: 'New' }) } }
          : { status: 401, body: errorBody('unauthorized') },
      'GET /users/token_refresh': { data: { access: 'fresh', user: buildUser() } },
    });

    const store = makeStore();
    await flush();
    await flush();

    expect(store.getState().auth).toMatchObject({
      accessToken: 'fresh',
      profileStatus: 'succeeded',
      user: { firstname: 'New' },
    });
    expect(storage.readUser()).toMatchObject({ firstname: 'New' });
  });

  it('a failed refresh at start makes a guest for one hour and forgets the stored user', async () => {
    storage.writeUser(buildUser());
    stubApi({
      'GET /users/profile': reply(401, errorBody('unauthorized')),
      'GET /users/token_refresh': reply(401, errorBody('user_refresh_token_expired')),
    });

    const store = makeStore();
    await flush();
    await flush();

    expect(store.getState().auth).toMatchObject({ guest: true, user: null, accessToken: null });
    expect(storage.readGuest()).toBe(true);
    expect(storage.readUser()).toBeNull();
  });

  it('a session that ends during a visit says so and offers to log in, back to the same page', async () => {
    stubApi({
      'GET /users/profile': reply(401, errorBody('user_invalid_token')),
      'GET /users/token_refresh': reply(401, errorBody('user_refresh_token_expired')),
    });
    window.history.pushState({}, '', '/lessons/7?tab=1');
    const store = makeStore({ auth: { ...initialAuthState(buildUser()), accessToken: 'old' } });
    await flush();

    await endpoints.profile().catch(() => null);
    await flush();

    expect(store.getState().auth).toMatchObject({ guest: true, user: null, accessToken: null });
    expect(store.getState().toasts.items.map((toast) => toast.message)).toEqual([
      'Your session has expired. Login again.',
    ]);
    expect(store.getState().modal.key).toBe('login');
    expect(storage.readRedirect()).toBe('/lessons/7?tab=1');
    window.history.pushState({}, '', '/');
  });

  it('a failed refresh at start says nothing: the visitor is simply a guest', async () => {
    storage.writeUser(buildUser());
    stubApi({ 'GET /users/token_refresh': reply(401, errorBody('user_refresh_token_expired')) });

    const store = makeStore();
    await flush();
    await flush();

    expect(store.getState().toasts.items).toEqual([]);
    expect(store.getState().modal.key).toBeNull();
  });

  it('a failed profile fetch clears the stored user', async () => {
    storage.writeUser(buildUser());
    stubApi({
      'GET /users/token_refresh': { data: { access: 'fresh', user: buildUser() } },
      'GET /users/profile': reply(500, errorBody('server_error')),
    });

    const store = makeStore();
    await flush();
    await flush();

    expect(store.getState().auth.profileStatus).toBe('failed');
    expect(store.getState().auth.user).toBeNull();
    expect(storage.readUser()).toBeNull();
  });

  it('logout calls the server, clears tokens, user and colours, and reloads', async () => {
    const reload = jest.spyOn(browser, 'reload').mockImplementation(() => undefined);
    const api = stubApi({ 'GET /users/logout': { data: {} } });
    const store = makeStore({
      auth: {
        ...initialAuthState(buildUser({ skill_level: 'club' })),
        accessToken: 'a',
        colors: ['#00BCD4', '#E0F7FA'],
      },
    });
    storage.writeUser(buildUser());

    store.dispatch(logoutRequested());
    await flush();

    expect(api.callsTo('/users/logout')[0]!.init.credentials).toBe('include');
    expect(store.getState().auth).toMatchObject({ accessToken: null, user: null, colors: null });
    expect(storage.readUser()).toBeNull();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('an embedded view uses its token for every call', async () => {
    window.history.replaceState(null, '', '/home?embedded=true&token=app-token');
    const api = stubApi({ 'GET /users/profile': { data: buildUser() } });

    const store = makeStore();
    await flush();

    expect(store.getState().auth).toMatchObject({ embedded: true, accessToken: 'app-token' });
    expect((api.callsTo('/users/profile')[0]!.init.headers as Record<string, string>).Authorization).toBe(
      'Bearer app-token',
    );
    window.history.replaceState(null, '', '/');
  });
});
