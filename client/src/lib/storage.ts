// Local storage of what survives a reload: the user, the guest flag (with its TTL), the cookie
// consent, the redirect after login, the page a purchase started from, the social sign-in data a
// registration needs and whether this browser subscribed to the newsletter. Storage may be
// unavailable (private mode): every access is guarded.
import { GUEST_FLAG_TTL_MS } from './constants';

export const STORAGE_KEYS = {
  user: 'user',
  guest: 'guest',
  consent: 'cookieConsent',
  redirect: 'redirectAfterLogin',
  purchaseReturn: 'purchaseReturn',
  socialRegistration: 'socialRegistration',
  newsletter: 'newsletterSubscribed',
  boardPreferences: 'boardPreferences',
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
  /** Where to go after logging in or signing up, e.g. back to the plans
   * (client/README.md: Account screens, Redirect after login). */
  readRedirect: () => read<string>(STORAGE_KEYS.redirect),
  writeRedirect: (path: string | null) => write(STORAGE_KEYS.redirect, path),
  /** The page a purchase started from, for the way back when its payment is canceled. */
  readPurchaseReturn: () => read<string>(STORAGE_KEYS.purchaseReturn),
  writePurchaseReturn: (path: string | null) => write(STORAGE_KEYS.purchaseReturn, path),
  /** A social sign-in without an account: provider, token and e-mail for the register page. */
  readSocialRegistration: <T>() => read<T>(STORAGE_KEYS.socialRegistration),
  writeSocialRegistration: (data: unknown) => write(STORAGE_KEYS.socialRegistration, data),
  /** A newsletter subscription made from this browser: the BFF cannot tell a guest it is subscribed. */
  readNewsletterSubscribed: (): boolean => read<boolean>(STORAGE_KEYS.newsletter) === true,
  writeNewsletterSubscribed: (on: boolean) => write(STORAGE_KEYS.newsletter, on ? true : null),
  /** The boards' theme, pieces and sounds (state/board-preferences.ts). */
  readBoardPreferences: () => read<unknown>(STORAGE_KEYS.boardPreferences),
  writeBoardPreferences: (preferences: unknown) => write(STORAGE_KEYS.boardPreferences, preferences),
};
