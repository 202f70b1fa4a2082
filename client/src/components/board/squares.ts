// Where a square sits on the drawn board, seen from either side.
import type { Square } from 'chess.js';
import type { CSSProperties } from 'react';
import type { Side } from './move-words';

const FILES = 'abcdefgh';

export function squareAt(column: number, row: number, orientation: Side): Square {
  const file = orientation === 'w' ? column : 7 - column;
  const rank = orientation === 'w' ? 8 - row : row + 1;
  return `${FILES.charAt(file)}${rank}` as Square;
}

export function gridOf(square: string, orientation: Side): { column: number; row: number } {
  const file = FILES.indexOf(square.charAt(0));
  const rank = Number(square.charAt(1));
  return orientation === 'w' ? { column: file, row: 8 - rank } : { column: 7 - file, row: rank - 1 };
}

export function isLight(square: string): boolean {
  return (FILES.indexOf(square.charAt(0)) + Number(square.charAt(1))) % 2 === 1;
}

/** How far a move's piece travels, in squares, as the custom properties its slide-in animation reads. */
export function slideOf(move: { from: string; to: string }, orientation: Side): CSSProperties {
  const from = gridOf(move.from, orientation);
  const to = gridOf(move.to, orientation);
  return { '--dx': from.column - to.column, '--dy': from.row - to.row } as CSSProperties;
}
