// "Your move" exercises, taught as a chess teacher would: the learner finds the line's move, the
// reply is played after a moment, and the teacher's comment on each move (and on the reply) shows
// under the board; at the line's last move any mate is accepted too. A move as good as the line's
// (an alternative) is "Also good": it ends the exercise solved, or the exercise goes on along it.
// A tempting mistake shows why it fails, its refutation is played, and the learner takes it back.
// Any other wrong move is "Try again" (the piece goes back). Hint shows the hint and then the
// piece to move, Show solution plays the rest of the line. `onAttempt` gets the moves played and
// the hints: at the first wrong move of an attempt (so that it counts as failed), when it is
// solved, and when the solution is asked for (`gave_up`), for the member's progress and review.
import { Chess, type Move } from 'chess.js';
import { useEffect, useRef, useState } from 'react';
import type { Exercise } from '../../api/contract';
import { isTaught, lineInSan, numbered, type TaughtExercise } from './exercise-line';
import { ExerciseNotes, type Note } from './ExerciseNotes';
import type { ExerciseAttempt } from '../../lib/learning-types';
import { PlayBoard, type ShownMove } from './PlayBoard';
import { type Branch, branchAt, judgeMove, playUci } from '../../lib/move-check';
import { shown } from './line-play';
import { playMoveSound, playSound } from './sounds';
import { moveInWords, type Side, sideName, uciOf } from './move-words';

export const REPLY_DELAY_MS = 600;

type Phase = 'playing' | 'replying' | 'refuting' | 'refuted' | 'solved' | 'showing' | 'shown';

/** Where the board stands: its position, the moves that led there, the last one shown. */
interface Position {
  fen: string;
  played: string[];
  lastMove: ShownMove | null;
}

interface Run extends Position {
  /** The exercise this run is of: another exercise starts afresh. */
  id: string;
  phase: Phase;
  feedback: string | null;
  /** The feedback says a move was wrong. */
  wrong: boolean;
  hints: number;
  /** What Hint has shown at this turn: 1 the hint's text, 2 the piece to move as well. */
  hintLevel: number;
  /** A new message for the same words (said again by the live region). */
  said: number;
  /** The line followed: the exercise's, or its start and then an alternative's moves. */
  path: string[];
  /** The alternative followed, once the learner played one. */
  branch: Branch | null;
  /** The teacher's words on the last moves. */
  notes: Note[];
  /** The exercise's own line from where an alternative left it, in a book's words. */
  studied: string | null;
  /** A wrong move of this attempt was reported: the attempt counts as failed. */
  failed: boolean;
  /** Where a mistake was played from, for taking it back once refuted. */
  before: Position | null;
  /** The last move is the site's (a reply, a refutation, the solution): its piece slides in. */
  arriving: boolean;
}

function freshRun(exercise: Exercise): Run {
  return {
    id: exercise.id,
    fen: exercise.fen,
    played: [],
    lastMove: null,
    phase: 'playing',
    feedback: null,
    wrong: false,
    hints: 0,
    hintLevel: 0,
    said: 0,
    path: exercise.moves ?? [],
    branch: null,
    notes: [],
    studied: null,
    failed: false,
    before: null,
    arriving: false,
  };
}

export interface ExerciseTrainerProps {
  exercises: TaughtExercise[];
  onAttempt?: (attempt: ExerciseAttempt) => void;
  /** The pause before the reply (and between the solution's moves), in ms. */
  replyDelayMs?: number;
  /** The exercise to open at (a link's `exercise=`); the first when absent or unknown. */
  initialId?: string | null;
}

/** Stands for an exercise while the list is empty (nothing is shown then). */
const NO_EXERCISE: TaughtExercise = {
  id: '',
  key: '',
  fen: new Chess().fen(),
  prompt: null,
  source: null,
  solved: false,
};

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
  const root = useRef<HTMLDivElement>(null);
  const current = run.id === exercise.id ? run : freshRun(exercise);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  if (exercise === NO_EXERCISE) return null;
  const line = exercise.moves ?? [];
  const locked = line.length === 0;
  const taught = isTaught(exercise);
  const solvedCount = exercises.filter((item) => item.solved || solvedHere[item.id]).length;
  const learner: Side = new Chess(exercise.fen).turn();

  function later(step: () => void) {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      step();
    }, replyDelayMs);
  }

  function report(moves: string[], hints: number, gaveUp = false, solved = false) {
    onAttempt?.({ id: exercise.id, moves, hints, gave_up: gaveUp, solved });
  }

  function finish(next: Run, solved: boolean, gaveUp = false) {
    if (solved) setSolvedHere((before) => ({ ...before, [exercise.id]: true }));
    report(next.played, next.hints, gaveUp, solved);
  }

  /** The teacher's comment on the path's move at `step` (none past where an alternative left the line). */
  function commentAt(state: Run, step: number): string | null {
    if (state.branch && step >= state.branch.at) return null;
    return exercise.comments?.[step] ?? null;
  }

  /** The notes once the path's move at `step` is played from `fen`: a learner's move starts them afresh. */
  function notesAfter(state: Run, step: number, fen: string, san: string): Note[] {
    const comment = commentAt(state, step);
    const kept = step % 2 === 0 ? [] : state.notes;
    return comment ? [...kept, { move: numbered(fen, san), comment, kind: 'line' }] : kept;
  }

  /** The learner's move was right (the line's, an alternative's, or a mate at the end of either). */
  function advance(state: Run, move: Move, fen: string, notes: Note[]) {
    const step = state.played.length;
    const played = [...state.played, uciOf(move)];
    const moved: Run = {
      ...state,
      fen,
      played,
      lastMove: shown(move),
      hintLevel: 0,
      said: state.said + 1,
      notes,
      wrong: false,
      arriving: false,
    };
    if (step >= state.path.length - 1) {
      playSound('right');
      const solved: Run = { ...moved, phase: 'solved', feedback: 'Solved' };
      setRun(solved);
      finish(solved, true);
      return;
    }
    playMoveSound(move.san);
    setRun({ ...moved, phase: 'replying', feedback: 'Right!' });
    later(() => {
      const uci = moved.path[step + 1] ?? '';
      const reply = playUci(moved.fen, uci);
      if (!reply) return;
      playMoveSound(reply.move.san);
      setRun({
        ...moved,
        fen: reply.fen,
        played: [...played, uci],
        lastMove: shown(reply.move),
        phase: 'playing',
        feedback: `${moveInWords(reply.move.san, reply.move.color)}. Your move.`,
        said: moved.said + 1,
        notes: notesAfter(moved, step + 1, moved.fen, reply.move.san),
        arriving: true,
      });
    });
  }

  /** A tempting mistake: why it fails, then its refutation on the board, then "Take back". */
  function refute(state: Run, move: Move, fen: string, mistake: Branch) {
    const wrongMove = `${numbered(state.fen, move.san)}?`;
    playSound('wrong');
    const refuting: Run = {
      ...state,
      fen,
      played: [...state.played, uciOf(move)],
      lastMove: shown(move),
      phase: 'refuting',
      feedback: 'Tempting, but it fails.',
      wrong: true,
      said: state.said + 1,
      notes: [{ move: wrongMove, comment: mistake.comment ?? null, kind: 'mistake' }],
      before: { fen: state.fen, played: state.played, lastMove: state.lastMove },
      failed: true,
      hintLevel: 0,
      arriving: false,
    };
    setRun(refuting);
    const refutation = mistake.moves.slice(1);
    const playFrom = (from: Run, next: number) => {
      later(() => {
        const uci = refutation[next];
        const reply = uci ? playUci(from.fen, uci) : null;
        if (!reply) {
          setRun({ ...from, phase: 'refuted', said: from.said + 1 });
          return;
        }
        playMoveSound(reply.move.san);
        const shownSoFar = `${wrongMove} ${lineInSan(fen, refutation.slice(0, next + 1), true)}`;
        const moved: Run = {
          ...from,
          fen: reply.fen,
          played: [...from.played, uci ?? ''],
          lastMove: shown(reply.move),
          notes: [{ move: shownSoFar, comment: mistake.comment ?? null, kind: 'mistake' }],
          arriving: true,
        };
        setRun(moved);
        playFrom(moved, next + 1);
      });
    };
    playFrom(refuting, 0);
  }

  const onMove = (move: Move) => {
    if (current.phase !== 'playing') return;
    const step = current.played.length;
    const uci = uciOf(move);
    const after = playUci(current.fen, uci);
    if (!after) return;
    // Alternatives and mistakes leave the exercise's own line: none is looked for on another's.
    const right = judgeMove(current.fen, uci, step, current.path, current.branch ? undefined : exercise.alternatives);
    if (right?.kind === 'line') {
      advance(current, move, after.fen, notesAfter(current, step, current.fen, move.san));
      return;
    }
    if (right?.kind === 'alternative') {
      const alternative = right.branch;
      const branched: Run = {
        ...current,
        path: [...line.slice(0, step), ...alternative.moves],
        branch: alternative,
        studied: lineInSan(current.fen, line.slice(step)),
      };
      const note: Note = { move: numbered(current.fen, move.san), comment: alternative.comment ?? null, kind: 'also' };
      advance(branched, move, after.fen, [note]);
      return;
    }
    if (right?.kind === 'mate') {
      // Another mate than the line's: right too, with none of the line's comment (it is on its move).
      advance(current, move, after.fen, [{ move: numbered(current.fen, move.san), comment: null, kind: 'also' }]);
      return;
    }
    const mistake = current.branch ? null : branchAt(exercise.mistakes, step, uci);
    if (!current.failed) report([...current.played, uci], current.hints);
    if (mistake) {
      refute(current, move, after.fen, mistake);
      return;
    }
    playSound('wrong');
    setRun({ ...current, feedback: 'Try again', wrong: true, failed: true, said: current.said + 1 });
  };

  const focusBoard = () => root.current?.querySelector<HTMLElement>('[role="application"]')?.focus();

  const takeBack = () => {
    if (!current.before) return;
    if (timer.current) clearTimeout(timer.current);
    setRun({
      ...current,
      ...current.before,
      before: null,
      phase: 'playing',
      feedback: 'Your move.',
      wrong: false,
      said: current.said + 1,
      arriving: false,
    });
    // The button goes with the refutation: the board takes the focus, for the next try.
    focusBoard();
  };

  const hint = () => {
    const level = Math.min(current.hintLevel + 1, exercise.hint ? 2 : 1);
    setRun({ ...current, hints: current.hints + 1, hintLevel: level, said: current.said + 1 });
  };

  const showSolution = () => {
    if (timer.current) clearTimeout(timer.current);
    // A refuted mistake is taken back first: the solution goes on from the learner's last right move.
    const start: Run = current.before ? { ...current, ...current.before, before: null } : current;
    const gaveUp: Run = {
      ...start,
      phase: 'showing',
      feedback: 'The solution:',
      wrong: false,
      hintLevel: 0,
      said: start.said + 1,
    };
    setRun(gaveUp);
    finish(gaveUp, false, true);
    const playFrom = (state: Run) => {
      const step = state.played.length;
      if (step >= state.path.length) {
        setRun({ ...state, phase: 'shown', feedback: 'Solution shown', said: state.said + 1 });
        return;
      }
      later(() => {
        const uci = state.path[step] ?? '';
        const next = playUci(state.fen, uci);
        if (!next) return;
        playMoveSound(next.move.san);
        const moved: Run = {
          ...state,
          fen: next.fen,
          played: [...state.played, uci],
          lastMove: shown(next.move),
          notes: notesAfter(state, step, state.fen, next.move.san),
          said: state.said + 1,
          arriving: true,
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
      ? current.path[current.played.length]?.slice(0, 2)
      : undefined;
  const solved = exercise.solved || solvedHere[exercise.id];

  return (
    <div className="trainer" ref={root}>
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
      {exercise.source && <p className="trainer__source">{exercise.source}</p>}
      <PlayBoard
        key={exercise.id}
        fen={current.fen}
        lastMove={current.lastMove}
        orientation={learner}
        onMove={!locked && current.phase === 'playing' ? onMove : undefined}
        // The Your move field stays while the site moves and while a mistake waits to be taken back.
        waiting={['replying', 'showing', 'refuting', 'refuted'].includes(current.phase)}
        arriving={current.arriving}
        marked={pieceToMove ? [pieceToMove] : undefined}
        status={
          <div
            className={`trainer__feedback${taught && !locked ? ' trainer__feedback--taught' : ''}`}
            role="status"
            aria-atomic="true"
          >
            {current.feedback && (
              <p
                key={current.said}
                className={`trainer__verdict trainer__verdict--${current.wrong ? 'wrong' : current.phase}`}
              >
                {current.feedback}
              </p>
            )}
            {taught && (
              <ExerciseNotes notes={current.notes} studied={done && current.branch ? current.studied : null} />
            )}
            {current.phase === 'refuted' && <p className="trainer__hint">Take the move back and try again.</p>}
            {hintText && <p className="trainer__hint">Hint: {hintText}</p>}
            {pieceToMove && <p className="trainer__hint">Move the piece on {pieceToMove}.</p>}
            {done && exercise.explanation && <p className="trainer__explanation">{exercise.explanation}</p>}
            {locked && <p className="muted">The solution opens with the full lesson.</p>}
          </div>
        }
        controls={
          <>
            {current.phase === 'refuted' && (
              <button type="button" className="button" onClick={takeBack}>
                Take back
              </button>
            )}
            {!locked && current.phase === 'playing' && (
              <button type="button" className="control-button" onClick={hint}>
                Hint
              </button>
            )}
            {!locked && (current.phase === 'playing' || current.phase === 'refuted') && (
              <button type="button" className="control-button" onClick={showSolution}>
                Show solution
              </button>
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
