// The review's exercise board, from the board's own chunk: one exercise, or one drill line with
// the moves that lead to it written above the board as already played ("After 1.e4 c5 2.Nf3").
import { ExerciseTrainer } from '../board/ExerciseTrainer';
import { lineInSan, type TaughtExercise } from '../board/exercise-line';
import type { ExerciseAttempt } from '../../lib/learning-types';
import { playUci } from '../../lib/move-check';
import '../board/board.css';

export interface ReviewTrainerProps {
  exercise: TaughtExercise;
  /** A drill line's: where the drill starts and the moves from there to the line's position. */
  before?: { fen: string; moves: string[] } | null;
  onAttempt: (attempt: ExerciseAttempt) => void;
  replyDelayMs?: number;
}

/** The position's pieces, side and castling (en passant is written differently by engines). */
const placeOf = (fen: string) => fen.split(' ').slice(0, 3).join(' ');

/** "1.e4 c5 2.Nf3", when the moves lead from `before.fen` to the exercise's position; else ''. */
function movesBefore(exercise: TaughtExercise, before: ReviewTrainerProps['before']): string {
  if (!before || before.moves.length === 0) return '';
  let fen = before.fen;
  for (const uci of before.moves) {
    const played = playUci(fen, uci);
    if (!played) return '';
    fen = played.fen;
  }
  return placeOf(fen) === placeOf(exercise.fen) ? lineInSan(before.fen, before.moves) : '';
}

export function ReviewTrainer({ exercise, before, onAttempt, replyDelayMs }: ReviewTrainerProps) {
  const words = movesBefore(exercise, before);
  return (
    <div className="review-trainer">
      {words && <p className="review-trainer__before">After {words}</p>}
      <ExerciseTrainer
        key={exercise.id}
        exercises={[exercise]}
        onAttempt={onAttempt}
        {...(replyDelayMs !== undefined ? { replyDelayMs } : {})}
      />
    </div>
  );
}
