// What an item carries to practise with, as the generated API types give it (api/contract.ts):
// a lesson chapter, a program subchapter and a masterclass episode share these fields.
import type { Exercise, ExerciseAttemptBody, Game, KeyPosition } from '../api/contract';

/** What an item carries for practice. */
export interface LearningFields {
  positions: KeyPosition[];
  pgn: string | null;
  game: Game | null;
  exercises: Exercise[];
}

/** An attempt at an exercise as the page records it: PUT /content/exercises/{id}. */
export interface ExerciseAttempt extends Pick<Required<ExerciseAttemptBody>, 'moves' | 'hints'> {
  id: string;
  /** The learner asked for the solution (Show solution): the attempt counts as failed. */
  gave_up: boolean;
  /** The board judged it solved (kept on screen when the report waits offline; never sent). */
  solved?: boolean;
  /** The report's own id (learning-slice.ts makes one when absent). */
  attempt_id?: string;
}

/** The practice fields of an item (a locked item's exercises come without their solutions). */
type PractisedItem = {
  positions?: KeyPosition[];
  pgn?: string | null;
  game?: Game | null;
  exercises?: Exercise[];
};

/** The learning fields of an item of the API, or null when it has nothing to practise with. */
export function learningFieldsOf(item: PractisedItem | null | undefined): LearningFields | null {
  if (!item) return null;
  const result: LearningFields = {
    positions: item.positions ?? [],
    pgn: item.pgn || null,
    game: item.game ?? null,
    exercises: item.exercises ?? [],
  };
  return result.positions.length || result.game || result.exercises.length ? result : null;
}
