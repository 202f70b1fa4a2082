// How the puzzle pages write ratings, days and times.
import { MONTHS } from '../../lib/format';

/** A rating's change with its sign: '+12', '−9' (a true minus), '±0'. */
export function ratingChange(change: number): string {
  if (change > 0) return `+${change}`;
  if (change < 0) return `\u2212${Math.abs(change)}`;
  return '\u00b10';
}

/** A rating, with Lichess's '?' while it is still settling. */
export function ratingText(rating: number, provisional = false): string {
  return `${rating}${provisional ? '?' : ''}`;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The daily puzzle's UTC day ('2026-11-27') as 'Friday, November 27, 2026'. */
export function puzzleDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return `${WEEKDAYS[date.getUTCDay()]}, ${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * When more free puzzles come, in the member's own time: 'at 01:00 tomorrow', 'at 23:00 today',
 * or 'on December 1 at 01:00'. `now` is for tests.
 */
export function availableWhen(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return 'tomorrow';
  const time = `${twoDigits(at.getHours())}:${twoDigits(at.getMinutes())}`;
  const dayOf = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
  const days = Math.round((dayOf(at) - dayOf(now)) / 86_400_000);
  if (days <= 0) return `at ${time} today`;
  if (days === 1) return `at ${time} tomorrow`;
  return `on ${MONTHS[at.getMonth()]} ${at.getDate()} at ${time}`;
}
