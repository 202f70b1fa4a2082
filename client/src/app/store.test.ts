import { appSlice, appStarted } from './app-slice';
import { embeddedToken } from './root-saga';
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
      'articles',
      'lessons',
      'masterclass',
      'videos',
      'programs',
      'grandChessTour',
      'legal',
      'upgrade',
      'listTexts',
      'purchase',
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

  it('reads the embedded view token only with both embedded and token', () => {
    expect(embeddedToken('?embedded=true&token=abc')).toBe('abc');
    expect(embeddedToken('?embedded=1&token=abc')).toBe('abc');
    expect(embeddedToken('?token=abc')).toBeNull();
    expect(embeddedToken('?embedded=true')).toBeNull();
    expect(embeddedToken('?embedded=false&token=abc')).toBeNull();
  });
});
