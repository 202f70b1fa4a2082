// The modal key and the toasts: which overlay opens, which message shows and for how long.
import { makeStore } from './store';
import { CATALOGUE, DEFAULT_ERROR, resolveMessage } from '../state/messages';
import { canOpenModal, modalClosed, modalFromQuery, modalOpened, modalSlice } from '../state/modal-slice';
import { toastShown } from '../state/toast-slice';

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
