import { GUEST_FLAG_TTL_MS } from './constants';
import { storage } from './storage';

describe('storage', () => {
  it('keeps the guest flag for one hour', () => {
    storage.writeGuest(true, 1000);

    expect(storage.readGuest(1000 + GUEST_FLAG_TTL_MS - 1)).toBe(true);
    expect(storage.readGuest(1000 + GUEST_FLAG_TTL_MS)).toBe(false);
  });

  it('clears the guest flag', () => {
    storage.writeGuest(true);
    storage.writeGuest(false);

    expect(storage.readGuest()).toBe(false);
  });

  it('stores the user and the cookie consent, and forgets the user on null', () => {
    storage.writeUser({ id: 1 });
    storage.writeConsent({ statistics: true, media: false });

    expect(storage.readUser()).toEqual({ id: 1 });
    expect(storage.readConsent()).toEqual({ statistics: true, media: false });

    storage.writeUser(null);
    expect(storage.readUser()).toBeNull();
  });

  it('reads garbage as nothing', () => {
    window.localStorage.setItem('user', '{not json');

    expect(storage.readUser()).toBeNull();
  });
});
