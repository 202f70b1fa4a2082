// The trainer's board, from the board's own chunk (components/board/: chess.js and the board load
// only where a board is shown). Until it arrives, a square of the board's size holds its place.
import { lazy, Suspense } from 'react';
import type { PuzzleTrainerProps } from '../../../components/board/PuzzleTrainer';

const PuzzleTrainer = lazy(async () => ({
  default: (await import(/* webpackChunkName: "board" */ '../../../components/board/PuzzleTrainer')).PuzzleTrainer,
}));

/** Where the board will be: the same size, so nothing moves when it comes. */
export function BoardPlaceholder({ label }: { label: string }) {
  return (
    <div className="puzzle-board-placeholder" role="status">
      <span className="visually-hidden">{label}</span>
      <div className="puzzle-board-placeholder__board" />
    </div>
  );
}

export function PuzzleBoard(props: PuzzleTrainerProps) {
  return (
    <Suspense fallback={<BoardPlaceholder label="Setting up the board…" />}>
      <PuzzleTrainer key={props.puzzle.id} {...props} />
    </Suspense>
  );
}
