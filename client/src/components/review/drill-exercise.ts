// A drill's line as the exercise board plays it (docs/learning-and-puzzles.md, Drills): from the
// line's position the learner plays their side's moves, the site replies, the line's comments
// show as an exercise's do, and the attempt is reported with the line's id.
import type { Drill, DrillLine, Exercise } from '../../api/contract';

/** The line as an exercise: its position, moves and comments; its prompt says which side to play
 * (its name stands above the board already). */
export function lineAsExercise(
  line: DrillLine,
  side: Drill['side'] | null,
): Exercise & { comments: (string | null)[] } {
  return {
    id: line.id,
    key: line.key,
    fen: line.fen,
    moves: line.moves,
    comments: line.comments,
    prompt: side ? `Play the line as ${side === 'black' ? 'Black' : 'White'}.` : 'Play the line.',
    source: null,
    solved: line.solved,
  };
}

/** The side that moves first in a FEN: the learner's, at a line's start. */
export function sideToMove(fen: string): Drill['side'] {
  return fen.split(' ')[1] === 'b' ? 'black' : 'white';
}
