// A run's puzzle on the board. The run's puzzles come without their solutions: the opponent's
// first move slides in, then each of the learner's moves goes to the server with the moves
// before it, which answers the reply (the line goes on), solved or missed. Nothing is judged
// here, so the score is the server's. `onDecided` is called once per puzzle with the outcome.
import type { Move } from 'chess.js';
import { useEffect, useRef, useState } from 'react';
import { PlayBoard, type ShownMove } from '../../../components/board/PlayBoard';
import { shown } from '../../../components/board/line-play';
import { playUci } from '../../../lib/move-check';
import { moveInWords, type Side, sideName, uciOf } from '../../../components/board/move-words';
import '../../../components/board/board.css';
import type { RunOutcome, RunPuzzle } from '../run-api';

export const RUN_OPENING_DELAY_MS = 400;
export const RUN_REPLY_DELAY_MS = 250;

type Phase = 'opening' | 'playing' | 'checking' | 'decided';

interface State {
  fen: string;
  played: string[];
  lastMove: ShownMove | null;
  arriving: boolean;
  phase: Phase;
  said: string | null;
}

export interface RunBoardProps {
  puzzle: RunPuzzle;
  /** Sends the moves after the opponent's first (the last one the learner's); the server's verdict. */
  answer: (moves: string[]) => Promise<RunOutcome>;
  onDecided: (outcome: RunOutcome) => void;
  /** The answer could not be sent (it may be sent again with the same moves). */
  onFailed: (error: unknown, retry: () => void) => void;
  openingDelayMs?: number;
  replyDelayMs?: number;
}

export function RunBoard({
  puzzle,
  answer,
  onDecided,
  onFailed,
  openingDelayMs = RUN_OPENING_DELAY_MS,
  replyDelayMs = RUN_REPLY_DELAY_MS,
}: RunBoardProps) {
  const solver: Side = puzzle.solver === 'white' ? 'w' : 'b';
  const [state, setState] = useState<State>({
    fen: puzzle.fen,
    played: [],
    lastMove: null,
    arriving: false,
    phase: 'opening',
    said: null,
  });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const live = useRef(true);

  useEffect(() => {
    live.current = true;
    timer.current = setTimeout(() => {
      const opened = playUci(puzzle.fen, puzzle.first_move);
      if (!opened) return;
      setState((before) => ({
        ...before,
        fen: opened.fen,
        lastMove: shown(opened.move),
        arriving: true,
        phase: 'playing',
        said: `${moveInWords(opened.move.san, opened.move.color)}. Your move.`,
      }));
    }, openingDelayMs);
    return () => {
      live.current = false;
      if (timer.current) clearTimeout(timer.current);
    };
    // One puzzle per board: the page gives each puzzle a board of its own (key).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const send = (moved: State, moves: string[]) => {
    answer(moves).then(
      (outcome) => {
        if (!live.current) return;
        if (outcome.verdict !== 'continue' || !outcome.reply) {
          setState({ ...moved, phase: 'decided' });
          onDecided(outcome);
          return;
        }
        const reply = outcome.reply;
        timer.current = setTimeout(() => {
          const next = playUci(moved.fen, reply);
          if (!next || !live.current) return;
          setState({
            fen: next.fen,
            played: [...moves, reply],
            lastMove: shown(next.move),
            arriving: true,
            phase: 'playing',
            said: `${moveInWords(next.move.san, next.move.color)}. Your move.`,
          });
        }, replyDelayMs);
      },
      (error: unknown) => {
        if (!live.current) return;
        onFailed(error, () => send(moved, moves));
      },
    );
  };

  const onMove = (move: Move) => {
    if (state.phase !== 'playing') return;
    const moves = [...state.played, uciOf(move)];
    const after = playUci(state.fen, uciOf(move));
    if (!after) return;
    const moved: State = {
      ...state,
      fen: after.fen,
      played: moves,
      lastMove: shown(after.move),
      arriving: false,
      phase: 'checking',
      said: null,
    };
    setState(moved);
    send(moved, moves);
  };

  const prompt =
    state.phase === 'opening'
      ? `${sideName(solver === 'w' ? 'b' : 'w')} moves first…`
      : `Find the best move for ${sideName(solver)}.`;

  return (
    <div className="trainer puzzle-trainer run-board">
      <p className={`puzzle-trainer__prompt puzzle-trainer__prompt--${puzzle.solver}`}>
        <span className="puzzle-trainer__side" aria-hidden="true" />
        {prompt}
      </p>
      <PlayBoard
        fen={state.fen}
        lastMove={state.lastMove}
        orientation={solver}
        arriving={state.arriving}
        onMove={state.phase === 'playing' ? onMove : undefined}
        waiting={state.phase !== 'playing'}
        announcement={state.said}
      />
    </div>
  );
}
