// Business constants of the product (page sizes, timings, player options), in one place so that
// code and tests agree.
import { capitalized } from './format';

export const PAGE_SIZE = { lessons: 24, programs: 8, articles: 8 } as const;
export const MOST_VIEWED_ARTICLES = 3;
export const RELATED_LESSONS = 12;
export const GUEST_FLAG_TTL_MS = 3_600_000;
export const TOAST_MS = 3400;
// The 2000 ms page transition lives in CSS (--page-transition in styles/tokens.css).
export const COOKIE_BANNER_DELAY_MS = 1000;
export const SLIDESHOW_INTERVAL_MS = 4000;
export const SLIDESHOW_FADE_MS = 800;
export const DEFAULT_SUBTITLES = 'en';
export const PLAYER_HIGHLIGHT = '#7446FF';
export const MASTERCLASS_SLUG = 'masterclass';

// The external video host's embed; a deployment may point it elsewhere with PLAYER_URL at
// build time. {id} is replaced by the video-host id.
export const PLAYER_URL: string = process.env.PLAYER_URL || 'https://www.dailymotion.com/embed/video/{id}';

export const APP_LINKS_FALLBACK = {
  ios: 'https://apps.apple.com/',
  android: 'https://play.google.com/store',
};

export interface SortOption {
  key: 'title' | 'created_at' | 'subscription_level';
  label: string;
  /** The order a list sorted by this key shows: the newest release first. */
  direction: 'asc' | 'desc';
}

export const SORT_OPTIONS: readonly SortOption[] = [
  { key: 'title', label: 'Alphabetically', direction: 'asc' },
  { key: 'created_at', label: 'Release date', direction: 'desc' },
  { key: 'subscription_level', label: 'Availability - Free to Pro', direction: 'asc' },
];

/** A list's sort parameter for a sort key: `created_at:desc`, `title:asc`. */
export function sortParameter<Key extends SortOption['key']>(key: Key): `${Key}:asc` | `${Key}:desc` {
  const direction = SORT_OPTIONS.find((option) => option.key === key)?.direction ?? 'asc';
  return `${key}:${direction}`;
}

export const LEGAL_PAGES = [
  { slug: 'terms', label: 'Terms and conditions' },
  { slug: 'refund-policy', label: 'Refund policy' },
  { slug: 'disclaimer', label: 'Disclaimer' },
  { slug: 'acceptable-use', label: 'Acceptable use policy' },
  { slug: 'dmca', label: 'DMCA policy' },
  { slug: 'privacy', label: 'Privacy policy' },
  { slug: 'cookie-policy', label: 'Cookie policy' },
] as const;

// Accounts (client/README.md: Account screens): the skill levels with their labels, and when the
// availability checks run (the platform and register types the BFF is told are api/sign-in.ts's).

/** A level as the level field offers it: its name and the rating it starts at. */
function skillLevel<Value extends string>(value: Value, rating: number | `${number}+`) {
  return { value, label: `${capitalized(value)} - ${rating}` };
}

export const SKILL_LEVELS = [
  skillLevel('beginner', 800),
  skillLevel('casual', 1000),
  skillLevel('club', 1200),
  skillLevel('league', 1400),
  skillLevel('tournament', 1600),
  skillLevel('advanced', 1800),
  skillLevel('expert', 2000),
  skillLevel('master', '2200+'),
];

export const AVAILABILITY_DEBOUNCE_MS = 400;
/** The checks run only for lengths strictly between these bounds
 * (client/README.md: Account screens, Register). */
export const AVAILABILITY_WINDOWS = {
  username: { over: 5, under: 31 },
  email: { over: 5, under: 63 },
} as const;
