// A puzzle on the board, as on Lichess: the opponent's move is played first (it slides in after a
// moment), then the learner finds the line; each right move gets its reply, and the line's last
// move (or any mate at that move) solves it. One wrong move fails the puzzle, as it fails a rated
// puzzle on Lichess: the piece goes back, "That's not the move", and the learner may look on or
// view the solution. `onFinish` is called once per puzzle: at the first miss, at the solution
// asked for before any miss, or at the solve, with the moves played after the opponent's first.
// A puzzle already played (`ended`: the day's puzzle after a reload) opens at the line's end.
// Once it has ended (solved, or its solution shown) it is there to think on (PuzzleReview.tsx):
// the solution step by step, the player's own moves from any of its positions, the game it comes
// from. Moves, captures, checks, right and wrong answers sound when the player's switch is on.
import { Chess, type Move } from 'chess.js';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { PlayBoard, type ShownMove } from './PlayBoard';
import { PuzzleReviewPanel, usePuzzleReview } from './PuzzleReview';
import { judgeMove, playUci } from '../../lib/move-check';
import { shown } from './line-play';
import { moveInWords, type Side, sideName, uciOf } from './move-words';
import { playMoveSound, playSound } from './sounds';
import './board.css';

export const OPENING_DELAY_MS = 700;
export const PUZZLE_REPLY_DELAY_MS = 600;

/** What the trainer needs of a puzzle (the API's puzzle answer has all of it). */
export interface PuzzleLine {
  id: string;
  /** The position before the opponent's move. */
  fen: string;
  /** UCI: the opponent's move first, then the solver's, the reply... */
  moves: string[];
  /** The game it comes from (the Lichess database's GameUrl), when known. */
  game_url?: string | null;
}

/** How a puzzle ended, as an attempt records it. */
export interface PuzzleFinish {
  /** The moves after the opponent's first: the learner's and the replies, up to the miss. */
  moves: string[];
  solved: boolean;
  seconds: number;
}

type Phase = 'opening' | 'playing' | 'replying' | 'solved' | 'showing' | 'shown';
type Tone = 'info' | 'right' | 'wrong' | 'solved';

interface Run {
  fen: string;
  /** The moves after the opponent's first, in UCI. */
  played: string[];
  lastMove: ShownMove | null;
  /** The last move is the other side's (it slides in). */
  arriving: boolean;
  phase: Phase;
  feedback: { text: string; detail?: string; tone: Tone } | null;
  missed: boolean;
  /** A new message for the same words (said again by the live region). */
  said: number;
}

export interface PuzzleTrainerProps {
  puzzle: PuzzleLine;
  onFinish?: (finish: PuzzleFinish) => void;
  /** Said under the verdict once the puzzle has ended (the rating's change, say). */
  children?: ReactNode;
  /** More controls beside View the solution and Flip (Next puzzle). */
  actions?: ReactNode;
  /** Played before (solved or not): shown at the line's end, nothing to play or report. */
  ended?: 'solved' | 'failed';
  openingDelayMs?: number;
  replyDelayMs?: number;
}

/** The puzzle at its line's end, as one played before shows it. */
function endedRun(puzzle: PuzzleLine, ended: 'solved' | 'failed'): Run {
  let fen = puzzle.fen;
  let lastMove: ShownMove | null = null;
  for (const uci of puzzle.moves) {
    const next = playUci(fen, uci);
    if (!next) break;
    fen = next.fen;
    lastMove = shown(next.move);
  }
  return {
    fen,
    played: puzzle.moves.slice(1),
    lastMove,
    arriving: false,
    phase: ended === 'solved' ? 'solved' : 'shown',
    feedback:
      ended === 'solved'
        ? { text: 'Solved.', detail: 'You solved this puzzle today.', tone: 'solved' }
        : { text: 'Missed today.', detail: 'The solution is on the board.', tone: 'info' },
    missed: ended === 'failed',
    said: 0,
  };
}

export function PuzzleTrainer({
  puzzle,
  onFinish,
  children,
  actions,
  ended,
  openingDelayMs = OPENING_DELAY_MS,
  replyDelayMs = PUZZLE_REPLY_DELAY_MS,
}: PuzzleTrainerProps) {
  const solver: Side = new Chess(puzzle.fen).turn() === 'w' ? 'b' : 'w';
  const line = puzzle.moves.slice(1);
  const [run, setRun] = useState<Run>(() =>
    ended
      ? endedRun(puzzle, ended)
      : {
          fen: puzzle.fen,
          played: [],
          lastMove: null,
          arriving: false,
          phase: 'opening',
          feedback: null,
          missed: false,
          said: 0,
        },
  );
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const startedAt = useRef<number | null>(null);
  const reported = useRef(false);

  function later(step: () => void, delay = replyDelayMs) {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      step();
    }, delay);
  }

  // The opponent's move, after a moment to see the position it is played in.
  useEffect(() => {
    if (run.phase !== 'opening') return undefined;
    const first = puzzle.moves[0];
    later(() => {
      const opened = first ? playUci(puzzle.fen, first) : null;
      if (!opened) return;
      playMoveSound(opened.move.san);
      startedAt.current = Date.now();
      setRun((before) => ({
        ...before,
        fen: opened.fen,
        lastMove: shown(opened.move),
        arriving: true,
        phase: 'playing',
        feedback: null,
        said: before.said + 1,
      }));
    }, openingDelayMs);
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
    // One puzzle per trainer: the page gives each puzzle a trainer of its own (key).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function report(moves: string[], solved: boolean) {
    if (reported.current) return;
    reported.current = true;
    const seconds = startedAt.current ? Math.round((Date.now() - startedAt.current) / 1000) : 0;
    onFinish?.({ moves, solved, seconds });
  }

  const onMove = (move: Move) => {
    if (run.phase !== 'playing') return;
    const step = run.played.length;
    const uci = uciOf(move);
    const last = step === line.length - 1;
    const after = playUci(run.fen, uci);
    if (!after) return;
    if (!judgeMove(run.fen, uci, step, line)) {
      playSound('wrong');
      report([...run.played, uci], false);
      setRun({
        ...run,
        missed: true,
        feedback: {
          text: "That's not the move.",
          detail: `${move.san} is not it. Try something else, or view the solution.`,
          tone: 'wrong',
        },
        said: run.said + 1,
      });
      return;
    }
    const played = [...run.played, uci];
    const moved: Run = { ...run, fen: after.fen, played, lastMove: shown(move), arriving: false, said: run.said + 1 };
    if (last) {
      if (run.missed) playMoveSound(move.san);
      else playSound('right');
      report(played, true);
      setRun({
        ...moved,
        phase: 'solved',
        feedback: run.missed
          ? {
              text: 'Solved, after a miss.',
              detail: 'The first wrong move counted: the puzzle is failed.',
              tone: 'solved',
            }
          : { text: 'Correct!', detail: 'Puzzle solved.', tone: 'solved' },
      });
      return;
    }
    playMoveSound(move.san);
    setRun({ ...moved, phase: 'replying', feedback: { text: 'Best move! Keep going…', tone: 'right' } });
    later(() => {
      const reply = playUci(moved.fen, line[step + 1] ?? '');
      if (!reply) return;
      playMoveSound(reply.move.san);
      setRun({
        ...moved,
        fen: reply.fen,
        played: [...played, line[step + 1] ?? ''],
        lastMove: shown(reply.move),
        arriving: true,
        phase: 'playing',
        feedback: { text: `${moveInWords(reply.move.san, reply.move.color)}. Your move.`, tone: 'right' },
        said: moved.said + 1,
      });
    });
  };

  const viewSolution = () => {
    if (timer.current) clearTimeout(timer.current);
    report(run.played, false);
    const playFrom = (state: Run) => {
      const step = state.played.length;
      if (step >= line.length) {
        setRun({ ...state, phase: 'shown', feedback: { text: 'Solution shown.', tone: 'info' } });
        return;
      }
      later(() => {
        const next = playUci(state.fen, line[step] ?? '');
        if (!next) return;
        playMoveSound(next.move.san);
        const moved: Run = {
          ...state,
          fen: next.fen,
          played: [...state.played, line[step] ?? ''],
          lastMove: shown(next.move),
          arriving: true,
          said: state.said + 1,
        };
        setRun(moved);
        playFrom(moved);
      });
    };
    const showing: Run = { ...run, phase: 'showing', feedback: { text: 'The solution:', tone: 'info' } };
    setRun(showing);
    playFrom(showing);
  };

  const over = run.phase === 'solved' || run.phase === 'shown' || run.missed;
  // Ended: the board is the review's (the line as it was played, a mate of one's own included).
  const finished = run.phase === 'solved' || run.phase === 'shown';
  const opening = puzzle.moves[0] ?? '';
  const played = useMemo(() => [opening, ...run.played], [opening, run.played]);
  const review = usePuzzleReview(puzzle.fen, played);
  const prompt =
    run.phase === 'opening'
      ? `${sideName(solver === 'w' ? 'b' : 'w')} moves first…`
      : run.phase === 'solved' && !run.missed
        ? 'Puzzle solved'
        : run.phase === 'solved' || run.phase === 'shown' || run.phase === 'showing'
          ? 'Puzzle failed'
          : `Your turn: find the best move for ${sideName(solver)}.`;

  return (
    <div className="trainer puzzle-trainer">
      <p className={`puzzle-trainer__prompt puzzle-trainer__prompt--${solver === 'w' ? 'white' : 'black'}`}>
        <span className="puzzle-trainer__side" aria-hidden="true" />
        {prompt}
      </p>
      <PlayBoard
        key={puzzle.id}
        fen={finished ? review.fen : run.fen}
        lastMove={finished ? review.lastMove : run.lastMove}
        orientation={solver}
        arriving={finished ? review.atEnd && run.arriving : run.arriving}
        onMove={finished ? review.onMove : run.phase === 'playing' ? onMove : undefined}
        waiting={run.phase === 'opening' || run.phase === 'replying' || run.phase === 'showing'}
        status={
          <>
            <div className="trainer__feedback" role="status" aria-atomic="true">
              {run.feedback && (
                <p key={run.said} className={`trainer__verdict puzzle-trainer__verdict--${run.feedback.tone}`}>
                  {run.feedback.text}
                  {run.feedback.detail && <span className="puzzle-trainer__detail"> {run.feedback.detail}</span>}
                </p>
              )}
              {over && children}
            </div>
            {finished && <PuzzleReviewPanel review={review} gameUrl={puzzle.game_url} />}
          </>
        }
        controls={
          <>
            {/* There (not yet usable) while the first move is played, so that Flip board does
                not move when it can be used. */}
            {(run.phase === 'opening' || run.phase === 'playing' || run.phase === 'replying') && (
              <button
                type="button"
                className="control-button"
                onClick={viewSolution}
                disabled={run.phase === 'opening'}
              >
                View the solution
              </button>
            )}
            {over && actions}
          </>
        }
      />
    </div>
  );
}
