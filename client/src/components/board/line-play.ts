// Playing a line's UCI moves on a position, for the trainers (exercises and puzzles).
import { Chess, type Move } from 'chess.js';
import type { ShownMove } from './PlayBoard';

/** Plays a UCI move on `fen`: the position after it and the move, or null if illegal. */
export function playUci(fen: string, uci: string): { fen: string; move: Move } | null {
  const chess = new Chess(fen);
  try {
    const move = chess.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci.slice(4) || undefined });
    return { fen: chess.fen(), move };
  } catch {
    return null;
  }
}

/** A move as the board highlights it. */
export const shown = (move: Move): ShownMove => ({ from: move.from, to: move.to, san: move.san });
