// Display formats shared by every screen: durations, dates, a member's initials and capitalised
// words.

/** Seconds as hours and minutes, minutes rounded up: '52 min', '1 h 5 min', '2 h'. A number and
 * its unit are joined by a no-break space, so that a narrow card never ends a line between them. */
export function formatDuration(seconds: number | null | undefined): string {
  if (!seconds || seconds <= 0) return '0\u00a0min';
  const totalMinutes = Math.ceil(seconds / 60);
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  if (hours === 0) return `${minutes}\u00a0min`;
  return minutes === 0 ? `${hours}\u00a0h` : `${hours}\u00a0h ${minutes}\u00a0min`;
}

/** A point in a video as a player's clock shows it, seconds rounded down: '0:05', '12:40',
 * '1:02:03'. */
export function formatClock(seconds: number | null | undefined): string {
  const total = Math.max(0, Math.floor(seconds ?? 0));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** An ISO date (yyyy-mm-dd or a timestamp) as 'March 4, 2021', in UTC so it never shifts a day.
 * Spelled out by hand, as en-US writes it: the first toLocaleDateString of a page costs a phone
 * tens of milliseconds (the locale data), inside the render of the page's cards. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** An article's reading time ('3 min read', kept on one line where a narrow screen wraps the
 * text around it); null when the article does not say. */
export function readingTime(minutes: number | null | undefined): string | null {
  return minutes == null ? null : `${minutes}\u00a0min\u00a0read`;
}

/** 'N episode' or 'N episodes': plural when the count is over 1. */
export function pluralize(count: number, word: string): string {
  return `${count} ${word}${count > 1 ? 's' : ''}`;
}

/** A member's mark where they have no picture (the header's badge, My account's picture): the
 * initials of their names, or the first letter of their username. */
export function initials(user: {
  firstname?: string | null;
  lastname?: string | null;
  username?: string | null;
}): string {
  const names = [user.firstname, user.lastname].filter((name): name is string => Boolean(name));
  const letters = names.length > 0 ? names.map((name) => name[0]) : [user.username?.[0] ?? ''];
  return letters.join('').toUpperCase();
}

/** `word` with its first letter in capitals ('beginner' as 'Beginner'; action names join words so:
 * `moreLessonsRequested`). */
export const capitalized = <Word extends string>(word: Word) =>
  `${word[0]!.toUpperCase()}${word.slice(1)}` as Capitalize<Word>;
