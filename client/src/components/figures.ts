// A member's work in a chapter, a lesson or a program as words: "2 of 5 videos watched, 1 of 3
// exercises solved" (docs/learning-and-puzzles.md, what progress counts). The exercises are left out where there are
// none; the units stay on one line with their numbers.
import type { CardFigures } from '../api/contract';

/** The four figures every chapter, lesson, program and list card answers. */
export type Figures = Pick<CardFigures, 'videos_watched' | 'videos_total' | 'exercises_solved' | 'exercises_total'>;

const NBSP = '\u00a0';

function plural(count: number, one: string, many: string): string {
  return count === 1 ? one : many;
}

interface Count {
  done: number;
  total: number;
  noun: string;
  verb: string;
}

/** The counts that apply, in order: videos (also when there is nothing at all), exercises. */
function counts(figures: Figures): Count[] {
  const { videos_watched, videos_total, exercises_solved, exercises_total } = figures;
  const videos = { done: videos_watched, total: videos_total, noun: 'video', verb: 'watched' };
  const exercises = { done: exercises_solved, total: exercises_total, noun: 'exercise', verb: 'solved' };
  return [...(videos_total > 0 || exercises_total === 0 ? [videos] : []), ...(exercises_total > 0 ? [exercises] : [])];
}

function counted({ total, noun }: Count): string {
  return `${total}${NBSP}${plural(total, noun, `${noun}s`)}`;
}

/** "2 of 5 videos watched", "1 of 3 exercises solved": the parts that apply, in order. */
export function figureParts(figures: Figures): string[] {
  return counts(figures).map((count) => `${count.done} of ${counted(count)} ${count.verb}`);
}

/** The figures in one phrase, as pages and screen readers say them. */
export function figuresText(figures: Figures): string {
  return figureParts(figures).join(', ');
}

/** The figures in a card's narrow line: "2/5 videos · 1/3 exercises". */
export function figuresShort(figures: Figures): string {
  return counts(figures)
    .map((count) => `${count.done}/${counted(count)}`)
    .join(' · ');
}

/** What there is, for a visitor with no figures of their own: "5 videos · 3 exercises". */
export function figuresHeld(figures: Figures): string {
  const { videos_total: videos, exercises_total: exercises } = figures;
  const parts: string[] = [];
  if (videos > 0 || exercises === 0) parts.push(`${videos}${NBSP}${plural(videos, 'video', 'videos')}`);
  if (exercises > 0) parts.push(`${exercises}${NBSP}${plural(exercises, 'exercise', 'exercises')}`);
  return parts.join(' · ');
}

/** What the learner has done, with `more` exercises solved on the page since its answer came:
 * the count and the percent (every video and every exercise weigh the same) move at once. */
export function withSolved<T extends Figures & { progress?: number }>(figures: T, more: number): T {
  if (more <= 0) return figures;
  const solved = Math.min(figures.exercises_total, figures.exercises_solved + more);
  const added = solved - figures.exercises_solved;
  const weight = figures.videos_total + figures.exercises_total;
  const next: T = { ...figures, exercises_solved: solved };
  if (typeof figures.progress === 'number' && weight > 0) {
    next.progress = Math.min(100, Math.round(figures.progress + (100 * added) / weight));
  }
  return next;
}

/** How many of `exercises` the learner solved since their answer came (`solved`: the ids solved
 * on the board, state/learning-slice.ts). */
export function solvedSince(
  exercises: ReadonlyArray<{ id: string; solved?: boolean }> | null | undefined,
  solved: Readonly<Record<string, boolean>>,
): number {
  return (exercises ?? []).filter((exercise) => !exercise.solved && solved[exercise.id]).length;
}
