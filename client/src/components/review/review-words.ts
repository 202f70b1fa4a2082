// What the review says in words (docs/learning-and-puzzles.md, Review): how many items of each
// kind are due ("3 puzzles, 2 exercises, 4 lines"), when the next comes, and where an item is.
import type { ReviewKind, ReviewNext } from '../../api/contract';
import { MONTHS, pluralize } from '../../lib/format';

const KIND_WORDS: Record<ReviewKind['kind'], string> = { puzzle: 'puzzle', exercise: 'exercise', line: 'line' };

/** "3 puzzles, 2 exercises, 4 lines": the kinds with something due now, in the BFF's order. */
export function dueInWords(kinds: ReviewKind[]): string {
  return kinds
    .filter((kind) => kind.due_now > 0)
    .map((kind) => pluralize(kind.due_now, KIND_WORDS[kind.kind] ?? kind.kind))
    .join(', ');
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * When the next item comes, in the member's own time: "in 8 minutes", "today at 14:05",
 * "tomorrow at 09:30" or "on December 14 at 09:30". `now` is for tests.
 */
export function nextDueInWords(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return 'later';
  const minutes = Math.ceil((at.getTime() - now.getTime()) / 60_000);
  if (minutes <= 1) return 'in a minute';
  if (minutes < 60) return `in ${minutes} minutes`;
  const time = `${twoDigits(at.getHours())}:${twoDigits(at.getMinutes())}`;
  const dayOf = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
  const days = Math.round((dayOf(at) - dayOf(now)) / 86_400_000);
  if (days <= 0) return `today at ${time}`;
  if (days === 1) return `tomorrow at ${time}`;
  return `on ${MONTHS[at.getMonth()]} ${at.getDate()} at ${time}`;
}

/**
 * Where a review item is, as a link: its lesson chapter or program video with the Practise area
 * open on it (`exercise=`), or its episode. A drill line opens its program video. Null for a puzzle.
 */
export function placeLink(item: Pick<ReviewNext, 'kind' | 'id' | 'place'>): string | null {
  const link = item.place?.link;
  if (!link) return null;
  // The ids name their item: lesson_chapter:12:3:e1, program_subchapter:40:2:line-1a2b3c4d.
  const [type, first, second] = item.id.split(':');
  const exercise = item.kind === 'exercise' ? `exercise=${encodeURIComponent(item.id)}` : null;
  const withExercise = (page: string) => (exercise ? `${page}${page.includes('?') ? '&' : '?'}${exercise}` : page);
  if (link.lesson_id != null && link.chapter != null)
    return withExercise(`/lessons/${link.lesson_id}?chapter=${link.chapter}`);
  if (link.chapter_id != null) {
    const video =
      type === 'program_subchapter' && first && second ? `?video=${encodeURIComponent(`${first}:${second}`)}` : '';
    return withExercise(`/program-chapter/${link.chapter_id}${video}`);
  }
  if (link.masterclass_episode_id != null) return withExercise(`/masterclass/chapter/${link.masterclass_episode_id}`);
  if (link.entry_id != null) return `/videos/${link.entry_id}`;
  return null;
}

/** "Drill line · Main line" or "Exercise": what the item is, for its heading. */
export function itemLabel(item: Pick<ReviewNext, 'kind' | 'line'>): string {
  if (item.kind === 'puzzle') return 'Puzzle';
  if (item.kind === 'line') return item.line?.name ? `Drill line · ${item.line.name}` : 'Drill line';
  return 'Exercise';
}
