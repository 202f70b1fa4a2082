// Local storage of what survives a reload: the user, the guest flag (with its TTL) and the
// cookie consent. Storage may be unavailable (private mode): every access is guarded.
import { GUEST_FLAG_TTL_MS } from './constants';

export const STORAGE_KEYS = {
  user: 'user',
  guest: 'guest',
  consent: 'cookieConsent',
} as const;

function read<T>(key: string): T | null {
  try {
    const raw = window.localStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as T);
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    if (value === null || value === undefined) {
      window.localStorage.removeItem(key);
    } else {
      window.localStorage.setItem(key, JSON.stringify(value));
    }
  } catch {
    // Nothing to do: the app keeps working with what is in memory.
  }
}

export const storage = {
  readUser: <T>() => read<T>(STORAGE_KEYS.user),
  writeUser: (user: unknown) => write(STORAGE_KEYS.user, user),
  /** The guest flag holds until its expiry; an expired flag reads as absent. */
  readGuest: (now = Date.now()): boolean => {
    const flag = read<{ expires: number }>(STORAGE_KEYS.guest);
    return Boolean(flag && flag.expires > now);
  },
  writeGuest: (on: boolean, now = Date.now()) => {
    write(STORAGE_KEYS.guest, on ? { expires: now + GUEST_FLAG_TTL_MS } : null);
  },
  readConsent: <T>() => read<T>(STORAGE_KEYS.consent),
  writeConsent: (consent: unknown) => write(STORAGE_KEYS.consent, consent),
};
