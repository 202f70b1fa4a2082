import { appSlice, appStarted } from './app-slice';
import { embeddedConsent, embeddedToken } from './embedded-view';
import { makeStore, rootReducer } from './store';

describe('store', () => {
  it('has one key per slice in its root reducer', () => {
    const state = rootReducer(undefined, { type: '@@test/init' });

    expect(Object.keys(state)).toEqual([
      'app',
      'auth',
      'modal',
      'toasts',
      'consent',
      'footer',
      'home',
      'continueLearning',
      'cardProgress',
      'articles',
      'lessons',
      'masterclass',
      'videos',
      'programs',
      'grandChessTour',
      'legal',
      'search',
      'upgrade',
      'listTexts',
      'plans',
      'purchase',
      'playback',
      'learning',
      'puzzleStanding',
      'puzzles',
      'account',
    ]);
    expect(state.app).toEqual({ status: 'starting' });
  });

  it('runs the root saga when created, which marks the app as started', () => {
    expect(makeStore().getState().app.status).toBe('ready');
  });

  it('marks the app as started only through the app/started event', () => {
    expect(appStarted().type).toBe('app/started');
    expect(appSlice.reducer({ status: 'starting' }, appStarted())).toEqual({ status: 'ready' });
  });

  it('brings back the stored user, guest flag and cookie consent', () => {
    window.localStorage.setItem('user', JSON.stringify({ id: 3 }));
    window.localStorage.setItem('cookieConsent', JSON.stringify({ statistics: true, media: false }));

    const state = makeStore().getState();

    expect(state.auth.user).toEqual({ id: 3 });
    expect(state.consent.choice).toEqual({ statistics: true, media: false });
  });

  it("takes an embedded view's cookie choice from its address, for this page view only", () => {
    window.localStorage.setItem('cookieConsent', JSON.stringify({ statistics: true, media: true }));
    window.history.replaceState(null, '', '/home?embedded=true&token=app&consent=media');

    expect(makeStore().getState().consent).toEqual({
      choice: { statistics: false, media: true },
      bannerVisible: false,
    });
    expect(JSON.parse(window.localStorage.getItem('cookieConsent')!)).toEqual({ statistics: true, media: true });
    window.history.replaceState(null, '', '/');
    expect(makeStore().getState().consent.choice).toEqual({ statistics: true, media: true });
  });

  it('reads consent=all|media|necessary; without it (or unknown) an embedded view has only the necessary cookies', () => {
    expect(embeddedConsent('?embedded=true&token=a&consent=all')).toEqual({ statistics: true, media: true });
    expect(embeddedConsent('?embedded=1&token=a&consent=media')).toEqual({ statistics: false, media: true });
    expect(embeddedConsent('?embedded=1&token=a&consent=necessary')).toEqual({ statistics: false, media: false });
    expect(embeddedConsent('?embedded=1&token=a')).toEqual({ statistics: false, media: false });
    expect(embeddedConsent('?embedded=1&token=a&consent=yes')).toEqual({ statistics: false, media: false });
    // Not an embedded view: the stored choice (or the banner) decides.
    expect(embeddedConsent('?consent=all')).toBeNull();
    expect(embeddedConsent('?embedded=true&consent=all')).toBeNull();
  });

  it('reads the embedded view token only with both embedded and token', () => {
    expect(embeddedToken('?embedded=true&token=abc')).toBe('abc');
    expect(embeddedToken('?embedded=1&token=abc')).toBe('abc');
    expect(embeddedToken('?token=abc')).toBeNull();
    expect(embeddedToken('?embedded=true')).toBeNull();
    expect(embeddedToken('?embedded=false&token=abc')).toBeNull();
  });
});
