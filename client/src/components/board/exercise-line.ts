// What a teacher wrote around an exercise's line, read for the trainer: the comment on each move,
// the moves as good as the line's (alternatives), the tempting wrong ones and their refutations
// (mistakes), and the moves written as a chess book writes them ("33.Rxh7+ Kg8 34.Rxe7").
import { Chess } from 'chess.js';
import type { Exercise } from '../../api/contract';
import { type Branch, playUci } from '../../lib/move-check';

/**
 * An exercise with its teacher's words, as the /cms answers carry it (all but `source` come with
 * the solution and are absent from a locked item's).
 */
export type TaughtExercise = Exercise & {
  /** Where the position comes from ("Capablanca - Tartakower, New York 1924"). */
  source?: string | null;
  /** One per move of `moves`: the teacher's comment on it, null where none. */
  comments?: (string | null)[];
  /** Moves as good as the line's: one move ends the exercise solved, more go on along them. */
  alternatives?: Branch[];
  /** Tempting wrong moves, each with the reply that refutes it. */
  mistakes?: Branch[];
};

/** Whether the exercise has a teacher's words to show beside the board. */
export function isTaught(exercise: TaughtExercise): boolean {
  return Boolean(exercise.comments?.some(Boolean) || exercise.alternatives?.length || exercise.mistakes?.length);
}

/** A move as a book numbers it from the position before it: "33.Rxh7+" or "33...Kg8". */
export function numbered(fen: string, san: string): string {
  const chess = new Chess(fen);
  return `${chess.moveNumber()}${chess.turn() === 'w' ? '.' : '...'}${san}`;
}

/**
 * UCI moves from `fen` as a book writes them: "33.Rxh7+ Kg8 34.Rxe7" (as far as they are legal).
 * `continued`: they follow a move already written, so a first Black move has no number ("Kg8").
 */
export function lineInSan(fen: string, moves: string[], continued = false): string {
  const words: string[] = [];
  let position = fen;
  for (const [index, uci] of moves.entries()) {
    const chess = new Chess(position);
    const played = playUci(position, uci);
    if (!played) break;
    const white = chess.turn() === 'w';
    if (white) words.push(`${chess.moveNumber()}.${played.move.san}`);
    else words.push(index === 0 && !continued ? `${chess.moveNumber()}...${played.move.san}` : played.move.san);
    position = played.fen;
  }
  return words.join(' ');
}
