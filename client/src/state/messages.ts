// The message catalogue (client/README.md: How the shell works, Toasts): toasts chosen by type,
// action and key, with {API_ERROR} replaced by the server's message and a default when nothing more
// specific exists.

export type ToastType = 'error' | 'success' | 'info';

export const DEFAULT_ERROR = 'Something went wrong. Please try again later.';

/** Where a message takes the server's message. */
const API_ERROR = '{API_ERROR}';
/** A message that is the server's own, as it sent it. */
const SERVER_MESSAGE = API_ERROR;

type Catalogue = Record<ToastType, Record<string, Record<string, string>>>;

export const CATALOGUE: Catalogue = {
  error: {
    fetch: {
      article: "That's a blunder, we could not load this article. Please try again.",
      articles: "That's a blunder, we could not load the articles. Please try again.",
      episode: 'Something went wrong fetching the episode.',
      masterclass: 'Something went wrong fetching masterclass chapters.',
      video: 'Something went wrong fetching this video.',
      home: 'Something went wrong fetching this page data.',
      upgradePage: 'Something went wrong fetching this page data.',
      plans: 'Something went wrong fetching subscription plans.',
      lesson: 'Something went wrong fetching the lesson.',
      // The lessons list says what failed, as programs does, in its toast and its
      // error state alike (client client/README.md, list states).
      lessons: 'Something went wrong fetching lessons.',
      programs: 'Something went wrong fetching programs.',
      program: 'Something went wrong fetching this program.',
      chapter: 'Something went wrong fetching this chapter.',
      // My account (client/README.md: My account).
      membership: 'Something went wrong fetching your membership.',
      purchases: 'Something went wrong fetching your purchases.',
      newsletter: 'Something went wrong fetching your newsletter setting.',
      // Puzzles (client/README.md: Puzzles).
      puzzle: 'Something went wrong fetching the puzzle.',
    },
    update: {
      progress: 'Something went wrong updating your progress.',
      session:
        'An error occurred while trying to update your user session. You may need to reload the page to see changes.',
    },
    create: {
      subscription: 'Something went wrong. Please try again later.',
      purchase: 'Something went wrong. Please try again later.',
      newsletter: 'Something went wrong with your newsletter subscription.',
      puzzleAttempt: 'Something went wrong recording your puzzle. Please try again.',
    },
    login: {
      default: 'Invalid email or password.',
      server: SERVER_MESSAGE,
      // The message for user_refresh_token_expired: the session ended during a visit
      // (client/README.md: How the shell works, API).
      sessionEnded: 'Your session has expired. Login again.',
      // No answer: the network is down (client/README.md: How the shell works, Offline).
      offline: 'You are offline. Check your connection, then log in again.',
    },
    passwordRecovery: { default: SERVER_MESSAGE },
    billing: { refused: SERVER_MESSAGE },
    // My account: the server's message when it has one.
    account: {
      default: SERVER_MESSAGE,
      newsletter: 'Something went wrong with your newsletter subscription.',
      export: 'Something went wrong downloading your data. Please try again.',
      boardPreferences: 'Your board settings could not be saved to your account: they hold on this device.',
    },
    passwordReset: { mismatch: "The passwords don't match. Please try again.", default: SERVER_MESSAGE },
    register: {
      default: `Something went wrong with your registration: ${API_ERROR}`,
      google: 'Google authentication failed.',
    },
  },
  success: {
    passwordRecovery: {
      default: 'We sent you an email with instructions to reset your password.',
    },
    passwordReset: { default: 'Your password has been updated.' },
    subscription: { default: "Congratulations, you're officially a Pro member!" },
    // Spelled right, unlike the recorded 'Thank yo for your puchase!' (client/README.md: Purchase
    // toast).
    purchase: { default: 'Thank you for your purchase!' },
    account: {
      profile: 'Your profile is saved.',
      avatar: 'Your picture is saved.',
      password: 'Your password is changed. You were signed out everywhere else.',
      newsletterOn: 'You will get the newsletter.',
      newsletterOff: 'You will no longer get the newsletter.',
      export: 'Your data is downloaded (my-data.json).',
      deleted: 'Your account is deleted.',
    },
  },
  info: {
    // A write that got no answer offline, kept on this device (client/README.md: Writes kept offline).
    sync: { queued: 'Saved on this device, will sync' },
  },
};

// Server codes and their texts (client/README.md: Account screens, Log in).
export const ERROR_CODES: Record<string, string> = {
  user_doesnt_exist: "We can't find that email address",
  user_cant_login: 'Hey. You still need to confirm your email...',
  user_username_or_password_missing: 'Username or password missing',
  user_username_exists: 'This username is already taken.',
  user_wrong_password: 'Password is incorrect. Please try again.',
  server_error: 'Something went wrong',
  undefined: 'Something went wrong',
  user_email_exists: 'That email is already taken',
  user_invalid_auth_code: 'Invalid auth code',
  user_refresh_token_expired: 'Your session has expired. Login again.',
  user_username_profane: 'Keep it clean, please',
  input_valid_date: 'Please input a valid date',
  already_subscribed: 'This email address is already used for subscription',
};

export interface ToastRequest {
  type: ToastType;
  action: string;
  key?: string;
  apiError?: string | null;
  /** A server error code with its own text in ERROR_CODES wins over the action's message. */
  code?: string | null;
}

export function resolveMessage({ type, action, key, apiError, code }: ToastRequest): string {
  if (code && ERROR_CODES[code]) return ERROR_CODES[code];
  const group = CATALOGUE[type][action];
  const template = (key && group?.[key]) ?? group?.default ?? DEFAULT_ERROR;
  if (!template.includes(API_ERROR)) return template;
  return apiError ? template.replace(API_ERROR, apiError) : DEFAULT_ERROR;
}

// Billing refusals whose server message tells people what to do (already Pro, already bought,
// payment not complete...); any other failure shows the action's own message.
const EXPLAINED_BILLING_CODES = new Set([
  'already_pro',
  'already_purchased',
  'not_for_sale',
  'checkout_incomplete',
  'payment_mismatch',
  'payment_provider_unavailable',
]);

export function billingErrorToast(
  key: 'subscription' | 'purchase',
  error: { code?: string | null; message?: string } | null,
): ToastRequest {
  if (error?.code && EXPLAINED_BILLING_CODES.has(error.code) && error.message) {
    return { type: 'error', action: 'billing', key: 'refused', apiError: error.message };
  }
  return { type: 'error', action: 'create', key };
}

interface FailedCall {
  code?: string | null;
  message?: string;
}

/** A failed sign-in: the text of a known code, else the server's message, else the default
 * (or, without a network, that the visitor is offline). */
export function loginErrorToast(error: (FailedCall & { offline?: boolean }) | null): ToastRequest {
  if (error?.offline) return { type: 'error', action: 'login', key: 'offline' };
  if (error?.code && ERROR_CODES[error.code]) return { type: 'error', action: 'login', code: error.code };
  if (error?.code && error.message) {
    return { type: 'error', action: 'login', key: 'server', apiError: error.message };
  }
  return { type: 'error', action: 'login' };
}

/** A failed social sign-in: Google has its own text; others show what went wrong. */
export function socialErrorToast(provider: string, error: FailedCall | null): ToastRequest {
  if (provider === 'google') return { type: 'error', action: 'register', key: 'google' };
  return { type: 'error', action: 'login', key: 'server', apiError: error?.message || null };
}
