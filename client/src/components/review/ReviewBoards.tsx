// The boards of the review and of a chapter's drill (an exercise or a line, a puzzle), loaded with the board's chunk only
// where it is shown; until then a square of the board's size holds its place.
import { lazy, Suspense } from 'react';
import type { PuzzleTrainerProps } from '../board/PuzzleTrainer';
import type { ReviewTrainerProps } from './ReviewTrainer';
import './review.css';

const ReviewTrainer = lazy(async () => ({
  default: (await import(/* webpackChunkName: "board" */ './ReviewTrainer')).ReviewTrainer,
}));
const PuzzleTrainer = lazy(async () => ({
  default: (await import(/* webpackChunkName: "board" */ '../board/PuzzleTrainer')).PuzzleTrainer,
}));

/** Where the board will be: the same size, so nothing moves when it comes. */
export function BoardPlaceholder({ label }: { label: string }) {
  return (
    <div className="review-board-placeholder" role="status">
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

export function ExerciseBoard(props: ReviewTrainerProps) {
  return (
    <Suspense fallback={<BoardPlaceholder label="Setting up the board…" />}>
      <ReviewTrainer key={props.exercise.id} {...props} />
    </Suspense>
  );
}

/** A puzzle as /puzzles plays it (the opponent's move first), from the board's chunk. */
export function PuzzleBoard(props: PuzzleTrainerProps) {
  return (
    <Suspense fallback={<BoardPlaceholder label="Setting up the board…" />}>
      <PuzzleTrainer key={props.puzzle.id} {...props} />
    </Suspense>
  );
}
