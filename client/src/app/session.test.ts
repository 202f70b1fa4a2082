import { act, screen } from '@testing-library/react';
import { makeStore } from './store';
import { api as endpoints } from '../api/endpoints';
import { footerRequested, selectSubscribed } from '../features/footer/slice';
import { browser } from '../lib/browser';
import { storage } from '../lib/storage';
import { errorBody, reply, stubApi } from '../test/api-stub';
import { buildLesson } from '../test/builders';
import { buildMembership, buildUser, proUser } from '../test/member-builders';
import { buildFooter } from '../test/page-builders';
import { renderApp } from '../test/render-app';
import {
  authSlice,
  initialAuthState,
  logoutRequested,
  needsUpgrade,
  refreshFailed,
  selectIsSignedIn,
  signedIn,
} from '../session/auth-slice';
import { consentChosen, consentSlice, initialConsentState, mediaAllowed, needsReload } from '../session/consent-slice';
import { CATALOGUE, DEFAULT_ERROR, resolveMessage } from '../session/messages';
import { canOpenModal, modalClosed, modalFromQuery, modalOpened, modalSlice } from '../session/modal-slice';
import { toastShown } from '../session/toast-slice';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

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

// Tokens live in memory only, so a cold load with a stored user has none until the refresh
// cookie gives one. A call made meanwhile without a token is answered as for a guest.
describe('cold load with a stored session', () => {
  const authorization = (init: RequestInit) => (init.headers as Record<string, string>).Authorization;

  /** A BFF whose token refresh answers only when the test says so. */
  function slowRefresh(routes: Record<string, unknown>, refreshAnswer: { status?: number; body: unknown }) {
    let release: () => void = () => undefined;
    const stub = stubApi({
      'GET /users/token_refresh': () => new Promise((resolve) => (release = () => resolve(refreshAnswer))),
      'GET /users/profile': (_u: URL, init: RequestInit) =>
        authorization(init) === 'Bearer fresh'
          ? { body: { data: proUser() } }
          : { status: 401, body: errorBody('user_invalid_token') },
      ...routes,
    });
    return { stub, release: () => release() };
  }

  it('a Pro member opening a Pro lesson gets it, not the upgrade page', async () => {
    storage.writeUser(proUser());
    const { stub, release } = slowRefresh(
      {
        'GET /cms/lessons/7': (_u: URL, init: RequestInit) =>
          authorization(init) === 'Bearer fresh'
            ? { body: buildLesson(7, { title: 'Rook endings for Pros' }) }
            : { status: 403, body: errorBody('content_locked') },
        'GET /cms/lessons': [],
      },
      { body: { data: { access: 'fresh', user: proUser() } } },
    );

    renderApp('/lessons/7');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      release();
    });

    expect(await screen.findByRole('heading', { name: 'Rook endings for Pros' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/lessons/7');
    expect(stub.callsTo('/cms/lessons/7').map((c) => authorization(c.init))).toEqual(['Bearer fresh']);
  });

  it('the refresh goes first; calls made meanwhile wait for it and carry its token', async () => {
    storage.writeUser(proUser());
    const { stub, release } = slowRefresh(
      {
        'GET /content/footer': (_u: URL, init: RequestInit) => ({
          body: buildFooter({ subscribed: authorization(init) === 'Bearer fresh' }),
        }),
        'GET /cms/hubs/home': { sections: [] },
      },
      { body: { data: { access: 'fresh', user: proUser() } } },
    );

    const store = makeStore();
    store.dispatch(footerRequested());
    const content = endpoints.home();
    await flush();
    expect(stub.calls.map((c) => c.url.pathname)).toEqual(['/users/token_refresh']);

    release();
    await content;
    await flush();
    await flush();

    expect(stub.calls[0]!.url.pathname).toBe('/users/token_refresh');
    for (const call of stub.calls.slice(1)) expect(authorization(call.init)).toBe('Bearer fresh');
    expect(stub.callsTo('/users/profile')).toHaveLength(1);
    expect(stub.callsTo('/users/token_refresh')).toHaveLength(1);
    expect(store.getState().auth).toMatchObject({ accessToken: 'fresh', profileStatus: 'succeeded' });
    // A signed-in member's footer data is theirs: the thank-you view after a reload.
    expect(selectSubscribed(store.getState())).toBe(true);
  });

  it('when the refresh fails, the waiting calls go out as a guest and no profile is asked', async () => {
    storage.writeUser(proUser());
    const { stub, release } = slowRefresh({}, { status: 401, body: errorBody('user_refresh_token_expired') });

    const store = makeStore();
    store.dispatch(footerRequested());
    await flush();
    release();
    await flush();
    await flush();

    expect(authorization(stub.callsTo('/content/footer')[0]!.init)).toBeUndefined();
    expect(stub.callsTo('/users/profile')).toHaveLength(0);
    expect(store.getState().auth).toMatchObject({ guest: true, user: null });
  });

  it('a visitor without a stored user waits for nothing', async () => {
    const stub = stubApi({ 'GET /content/footer': buildFooter() });

    makeStore().dispatch(footerRequested());
    await flush();

    expect(stub.calls.map((c) => c.url.pathname)).toEqual(['/content/footer']);
  });
});

describe('modal', () => {
  it('holds one key at a time and null closes all', () => {
    let state = modalSlice.reducer(undefined, modalOpened('login'));
    state = modalSlice.reducer(state, modalOpened('terms'));
    expect(state.key).toBe('terms');
    expect(modalSlice.reducer(state, modalClosed()).key).toBeNull();
  });

  it('opens only login, register or upgrade from ?open=', () => {
    expect(modalFromQuery('?open=login')).toBe('login');
    expect(modalFromQuery('?open=upgrade')).toBe('upgrade');
    expect(modalFromQuery('?open=terms')).toBeNull();
    expect(modalFromQuery('')).toBeNull();
  });

  it('does nothing for login on /login', () => {
    expect(canOpenModal('login', '/login')).toBe(false);
    expect(canOpenModal('register', '/login')).toBe(true);
    expect(canOpenModal('login', '/home')).toBe(true);
  });
});

describe('toasts', () => {
  it('chooses the message by type, action and key', () => {
    expect(resolveMessage({ type: 'error', action: 'fetch', key: 'article' })).toBe(
      "That's a blunder, we could not load this article. Please try again.",
    );
    expect(resolveMessage({ type: 'error', action: 'create', key: 'newsletter' })).toBe(
      'Something went wrong with your newsletter subscription.',
    );
  });

  it('falls back to the action default, then to the catalogue default', () => {
    expect(resolveMessage({ type: 'error', action: 'login', key: 'nope' })).toBe('Invalid email or password.');
    expect(resolveMessage({ type: 'error', action: 'fetch', key: 'unknown' })).toBe(DEFAULT_ERROR);
    expect(resolveMessage({ type: 'error', action: 'nothing' })).toBe('Something went wrong. Please try again later.');
  });

  it('substitutes {API_ERROR}, and uses the default without a server message', () => {
    expect(resolveMessage({ type: 'error', action: 'register', apiError: 'Name taken' })).toBe(
      'Something went wrong with your registration: Name taken',
    );
    expect(resolveMessage({ type: 'error', action: 'login', key: 'server', apiError: 'Locked out' })).toBe(
      'Locked out',
    );
    expect(resolveMessage({ type: 'error', action: 'register' })).toBe(DEFAULT_ERROR);
  });

  it('prefers the text of a known server code', () => {
    expect(resolveMessage({ type: 'error', action: 'create', key: 'newsletter', code: 'already_subscribed' })).toBe(
      'This email address is already used for subscription',
    );
  });

  it('holds every message of the catalogue', () => {
    const all = JSON.stringify(CATALOGUE);
    for (const text of [
      'Something went wrong fetching the episode.',
      'Something went wrong fetching masterclass chapters.',
      'Something went wrong fetching this video.',
      'Something went wrong fetching this page data.',
      'Something went wrong fetching subscription plans.',
      'Something went wrong fetching the lesson.',
      'Something went wrong fetching programs.',
      'Something went wrong fetching this program.',
      'Something went wrong fetching this chapter.',
      'Something went wrong updating your progress.',
      "Congratulations, you're officially a Pro member!",
      'We sent you an email with instructions to reset your password.',
    ]) {
      expect(all).toContain(JSON.stringify(text).slice(1, -1));
    }
  });

  it('closes each toast after 3400 ms', async () => {
    jest.useFakeTimers();
    const store = makeStore();

    store.dispatch(toastShown({ type: 'error', action: 'fetch', key: 'video' }));
    expect(store.getState().toasts.items[0]!.message).toBe('Something went wrong fetching this video.');
    await jest.advanceTimersByTimeAsync(3399);
    expect(store.getState().toasts.items).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(store.getState().toasts.items).toHaveLength(0);
    jest.useRealTimers();
  });
});

describe('cookie consent', () => {
  it.each([
    [null, true, true],
    [null, false, false],
    [{ statistics: false, media: false }, true, true],
    [{ statistics: true, media: true }, false, true],
    [{ statistics: true, media: true }, true, false],
    [{ statistics: false, media: true }, false, false],
  ])('previous %p, accept=%p -> reload %p', (previous, accept, reload) => {
    expect(needsReload(previous, { statistics: accept, media: accept })).toBe(reload);
  });

  it('accepting for the first time stores both categories and reloads', async () => {
    const reload = jest.spyOn(browser, 'reload').mockImplementation(() => undefined);
    const store = makeStore();

    store.dispatch(consentChosen(true));
    await flush();

    expect(storage.readConsent()).toEqual({ statistics: true, media: true });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('declining for the first time stores the choice and only hides the banner', async () => {
    const reload = jest.spyOn(browser, 'reload').mockImplementation(() => undefined);
    const store = makeStore({ consent: { choice: null, bannerVisible: true } });

    store.dispatch(consentChosen(false));
    await flush();

    expect(storage.readConsent()).toEqual({ statistics: false, media: false });
    expect(store.getState().consent.bannerVisible).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('allowing media from a player keeps statistics and does not reload', async () => {
    const reload = jest.spyOn(browser, 'reload').mockImplementation(() => undefined);
    const store = makeStore({ consent: initialConsentState({ statistics: false, media: false }) });

    store.dispatch(mediaAllowed());
    await flush();

    expect(store.getState().consent.choice).toEqual({ statistics: false, media: true });
    expect(reload).not.toHaveBeenCalled();
  });

  it('shows the banner only while no choice is stored', () => {
    expect(consentSlice.reducer(initialConsentState(null), { type: 'consent/bannerShown' }).bannerVisible).toBe(true);
    expect(
      consentSlice.reducer(initialConsentState({ statistics: true, media: true }), { type: 'consent/bannerShown' })
        .bannerVisible,
    ).toBe(false);
  });
});
