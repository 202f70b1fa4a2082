// A move the trainers played as the board highlights it (the playing itself: lib/move-check.ts).
import type { Move } from 'chess.js';
import type { ShownMove } from './PlayBoard';

/** A move as the board highlights it. */
export const shown = (move: Move): ShownMove => ({ from: move.from, to: move.to, san: move.san });
