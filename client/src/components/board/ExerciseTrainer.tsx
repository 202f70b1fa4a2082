// "Your move" exercises: the learner finds the line's move, the reply is played after a moment
// and the learner goes on; at the line's last move any mate is accepted too. A wrong move is
// "Try again" (the piece goes back), Hint shows the hint and then the piece to move, Show
// solution plays the rest of the line. When an exercise ends (solved or shown) `onAttempt` gets
// the moves played and the hints used, for the member's progress.
import { Chess, type Move } from 'chess.js';
import { useEffect, useRef, useState } from 'react';
import type { Exercise } from '../../api/contract';
import type { ExerciseAttempt } from './learning-types';
import { PlayBoard, type ShownMove } from './PlayBoard';
import { playUci, shown } from './line-play';
import { moveInWords, type Side, sideName, uciOf } from './move-words';

export const REPLY_DELAY_MS = 600;

type Phase = 'playing' | 'replying' | 'solved' | 'showing' | 'shown';

interface Run {
  /** The exercise this run is of: another exercise starts afresh. */
  id: string;
  fen: string;
  played: string[];
  lastMove: ShownMove | null;
  phase: Phase;
  feedback: string | null;
  hints: number;
  /** What Hint has shown at this turn: 1 the hint's text, 2 the piece to move as well. */
  hintLevel: number;
  /** A new message for the same words (said again by the live region). */
  said: number;
}

function freshRun(exercise: Exercise): Run {
  return {
    id: exercise.id,
    fen: exercise.fen,
    played: [],
    lastMove: null,
    phase: 'playing',
    feedback: null,
    hints: 0,
    hintLevel: 0,
    said: 0,
  };
}

export interface ExerciseTrainerProps {
  exercises: Exercise[];
  onAttempt?: (attempt: ExerciseAttempt) => void;
  /** The pause before the reply (and between the solution's moves), in ms. */
  replyDelayMs?: number;
  /** The exercise to open at (a link's `exercise=`); the first when absent or unknown. */
  initialId?: string | null;
}

/** Stands for an exercise while the list is empty (nothing is shown then). */
const NO_EXERCISE: Exercise = { id: '', key: '', fen: new Chess().fen(), prompt: null, solved: false };

export function ExerciseTrainer({
  exercises,
  onAttempt,
  replyDelayMs = REPLY_DELAY_MS,
  initialId,
}: ExerciseTrainerProps) {
  const [index, setIndex] = useState(() =>
    Math.max(
      0,
      exercises.findIndex((item) => item.id === initialId),
    ),
  );
  const exercise = exercises[Math.min(index, exercises.length - 1)] ?? NO_EXERCISE;
  const [run, setRun] = useState<Run>(() => freshRun(exercise));
  const [solvedHere, setSolvedHere] = useState<Record<string, boolean>>({});
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const current = run.id === exercise.id ? run : freshRun(exercise);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  if (exercise === NO_EXERCISE) return null;
  const line = exercise.moves ?? [];
  /** The line's move at `step` ('' past its end). */
  const lineMove = (step: number) => line[step] ?? '';
  const locked = line.length === 0;
  const solvedCount = exercises.filter((item) => item.solved || solvedHere[item.id]).length;
  const learner: Side = new Chess(exercise.fen).turn();

  function later(step: () => void) {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      step();
    }, replyDelayMs);
  }

  function finish(next: Run, solved: boolean) {
    if (solved) setSolvedHere((before) => ({ ...before, [exercise.id]: true }));
    onAttempt?.({ id: exercise.id, moves: next.played, hints: next.hints });
  }

  const onMove = (move: Move) => {
    if (current.phase !== 'playing') return;
    const step = current.played.length;
    const uci = uciOf(move);
    const last = step === line.length - 1;
    const after = new Chess(current.fen);
    after.move({ from: move.from, to: move.to, promotion: move.promotion });
    const right = uci === lineMove(step) || (last && after.isCheckmate());
    if (!right) {
      setRun({ ...current, feedback: 'Try again', said: current.said + 1 });
      return;
    }
    const played = [...current.played, uci];
    const moved: Run = {
      ...current,
      fen: after.fen(),
      played,
      lastMove: shown(move),
      hintLevel: 0,
      said: current.said + 1,
    };
    if (last) {
      const solved: Run = { ...moved, phase: 'solved', feedback: 'Solved' };
      setRun(solved);
      finish(solved, true);
      return;
    }
    setRun({ ...moved, phase: 'replying', feedback: 'Right!' });
    later(() => {
      const reply = playUci(moved.fen, lineMove(step + 1));
      if (!reply) return;
      setRun({
        ...moved,
        fen: reply.fen,
        played: [...played, lineMove(step + 1)],
        lastMove: shown(reply.move),
        phase: 'playing',
        feedback: `${moveInWords(reply.move.san, reply.move.color)}. Your move.`,
        said: moved.said + 1,
      });
    });
  };

  const hint = () => {
    const level = Math.min(current.hintLevel + 1, exercise.hint ? 2 : 1);
    setRun({ ...current, hints: current.hints + 1, hintLevel: level, said: current.said + 1 });
  };

  const showSolution = () => {
    if (timer.current) clearTimeout(timer.current);
    const gaveUp: Run = { ...current, phase: 'showing', feedback: 'The solution:', hintLevel: 0 };
    setRun(gaveUp);
    finish(gaveUp, false);
    const playFrom = (state: Run) => {
      const step = state.played.length;
      if (step >= line.length) {
        setRun({ ...state, phase: 'shown', feedback: 'Solution shown' });
        return;
      }
      later(() => {
        const next = playUci(state.fen, lineMove(step));
        if (!next) return;
        const moved: Run = {
          ...state,
          fen: next.fen,
          played: [...state.played, lineMove(step)],
          lastMove: shown(next.move),
          said: state.said + 1,
        };
        setRun(moved);
        playFrom(moved);
      });
    };
    playFrom(gaveUp);
  };

  const retry = () => {
    if (timer.current) clearTimeout(timer.current);
    setRun(freshRun(exercise));
  };

  const goTo = (next: number) => {
    if (timer.current) clearTimeout(timer.current);
    setIndex(next);
    setRun(freshRun(exercises[next] ?? NO_EXERCISE));
  };

  const done = current.phase === 'solved' || current.phase === 'shown';
  const hintText = current.hintLevel > 0 && exercise.hint ? exercise.hint : null;
  const pieceToMove =
    current.phase === 'playing' && (current.hintLevel >= 2 || (current.hintLevel === 1 && !exercise.hint))
      ? line[current.played.length]?.slice(0, 2)
      : undefined;
  const solved = exercise.solved || solvedHere[exercise.id];

  return (
    <div className="trainer">
      <div className="trainer__head">
        <p className="trainer__count">
          Exercise {index + 1} of {exercises.length}
          {solved ? ' · solved' : ''}
        </p>
        <p className="trainer__progress">
          {solvedCount} of {exercises.length} solved
        </p>
      </div>
      <p className="trainer__prompt">
        {exercise.prompt ?? `${sideName(learner)} to play.`}
        {!locked && !exercise.prompt ? ' Find the best move.' : ''}
      </p>
      <PlayBoard
        key={exercise.id}
        fen={current.fen}
        lastMove={current.lastMove}
        orientation={learner}
        onMove={!locked && current.phase === 'playing' ? onMove : undefined}
        waiting={current.phase === 'replying' || current.phase === 'showing'}
        marked={pieceToMove ? [pieceToMove] : undefined}
        status={
          <div className="trainer__feedback" role="status" aria-atomic="true">
            {current.feedback && (
              <p
                key={current.said}
                className={`trainer__verdict trainer__verdict--${current.feedback === 'Try again' ? 'wrong' : current.phase}`}
              >
                {current.feedback}
              </p>
            )}
            {hintText && <p className="trainer__hint">Hint: {hintText}</p>}
            {pieceToMove && <p className="trainer__hint">Move the piece on {pieceToMove}.</p>}
            {done && exercise.explanation && <p className="trainer__explanation">{exercise.explanation}</p>}
            {locked && <p className="muted">The solution opens with the full lesson.</p>}
          </div>
        }
        controls={
          <>
            {!locked && current.phase === 'playing' && (
              <>
                <button type="button" className="control-button" onClick={hint}>
                  Hint
                </button>
                <button type="button" className="control-button" onClick={showSolution}>
                  Show solution
                </button>
              </>
            )}
            {done && (
              <button type="button" className="control-button" onClick={retry}>
                Start again
              </button>
            )}
            {index > 0 && (
              <button type="button" className="control-button" onClick={() => goTo(index - 1)}>
                Previous exercise
              </button>
            )}
            {index < exercises.length - 1 && (
              <button type="button" className={done ? 'button' : 'control-button'} onClick={() => goTo(index + 1)}>
                Next exercise
              </button>
            )}
          </>
        }
      />
    </div>
  );
}
