// A finished puzzle, to think on: the solution's moves to step through (the board follows), then
// "Continue from here": any legal move for either side from the position shown, listed after the
// solution, and back to the solution; a link to the game the puzzle comes from when it has one.
import type { Move } from 'chess.js';
import { useMemo, useState } from 'react';
import { type ListedMove, listMoves, MoveList } from './MoveList';
import type { ShownMove } from './PlayBoard';
import { playUci } from '../../lib/move-check';
import { shown } from './line-play';
import { uciOf } from './move-words';
import { playMoveSound } from './sounds';

interface Step {
  fen: string;
  move: ShownMove | null;
}

/** The positions of a line: the start, then one after each move (up to an illegal one). */
function stepsOf(fen: string, ucis: string[]): Step[] {
  const steps: Step[] = [{ fen, move: null }];
  for (const uci of ucis) {
    const next = playUci(steps[steps.length - 1]!.fen, uci);
    if (!next) break;
    steps.push({ fen: next.fen, move: shown(next.move) });
  }
  return steps;
}

interface Own {
  /** The solution's step the player's moves start from. */
  from: number;
  moves: string[];
  at: number;
}

export interface PuzzleReview {
  fen: string;
  /** At the solution's last move (not in the player's own line). */
  atEnd: boolean;
  lastMove: ShownMove | null;
  onMove: (move: Move) => void;
  panel: {
    solution: ListedMove[];
    at: number;
    go: (at: number) => void;
    own: (Own & { listed: ListedMove[] }) | null;
    goOwn: (at: number) => void;
    explore: () => void;
    backToSolution: () => void;
  };
}

/** The review of a puzzle played on `fen` along `line` (UCI, the opponent's first move first). */
export function usePuzzleReview(fen: string, line: string[]): PuzzleReview {
  const steps = useMemo(() => stepsOf(fen, line), [fen, line]);
  const solution = useMemo(() => listMoves(fen, line), [fen, line]);
  // Nothing chosen yet: the line's end (the line grows while the puzzle is played).
  const [chosen, setAt] = useState<number | null>(null);
  const at = Math.min(chosen ?? steps.length - 1, steps.length - 1);
  const [own, setOwn] = useState<Own | null>(null);
  const ownSteps = useMemo(() => (own ? stepsOf(steps[own.from]!.fen, own.moves) : []), [own, steps]);
  const ownListed = useMemo(() => (own ? listMoves(steps[own.from]!.fen, own.moves) : []), [own, steps]);

  const go = (next: number) => {
    const to = Math.max(0, Math.min(steps.length - 1, next));
    // A step forward sounds as the move would; a jump stays quiet.
    if (to === at + 1) playMoveSound(steps[to]?.move?.san ?? '');
    setOwn(null);
    setAt(to);
  };
  const goOwn = (next: number) => {
    if (!own) return;
    const to = Math.max(0, Math.min(own.moves.length, next));
    if (to === own.at + 1) playMoveSound(ownSteps[to]?.move?.san ?? '');
    setOwn({ ...own, at: to });
  };

  // A move on the board: the solution's next move steps on; any other starts (or goes on with)
  // the player's own line, cut where they stepped back to.
  const onMove = (move: Move) => {
    const uci = uciOf(move);
    playMoveSound(move.san);
    if (!own && line[at] === uci) {
      setAt(at + 1);
      return;
    }
    if (own) {
      setOwn({ ...own, moves: [...own.moves.slice(0, own.at), uci], at: own.at + 1 });
      return;
    }
    setOwn({ from: at, moves: [uci], at: 1 });
  };

  const current = own ? ownSteps[own.at] : steps[at];
  return {
    fen: current?.fen ?? fen,
    atEnd: !own && at === steps.length - 1,
    lastMove: current?.move ?? (own ? (steps[own.from]?.move ?? null) : null),
    onMove,
    panel: {
      solution,
      at,
      go,
      own: own && { ...own, listed: ownListed },
      goOwn,
      explore: () => setOwn({ from: at, moves: [], at: 0 }),
      backToSolution: () => {
        if (own) setAt(own.from);
        setOwn(null);
      },
    },
  };
}

export function PuzzleReviewPanel({ review, gameUrl }: { review: PuzzleReview; gameUrl?: string | null }) {
  const { solution, at, go, own, goOwn, explore, backToSolution } = review.panel;
  return (
    <div className="puzzle-review">
      <MoveList
        label="Solution"
        line={{ moves: solution, at, onGo: go }}
        own={own && { label: 'Your moves', moves: own.listed, at: own.at, onGo: goOwn }}
      />
      <div className="puzzle-review__actions">
        {own ? (
          <button type="button" className="button button--secondary" onClick={backToSolution}>
            Back to the solution
          </button>
        ) : (
          <button type="button" className="button button--secondary" onClick={explore}>
            Continue from here
          </button>
        )}
        {gameUrl && (
          <a className="puzzle-review__game" href={gameUrl} target="_blank" rel="noopener noreferrer">
            See the game it comes from
          </a>
        )}
      </div>
    </div>
  );
}
