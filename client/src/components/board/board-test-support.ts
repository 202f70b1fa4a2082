// What the board tests share: the start position, squares and their pieces, typed moves, game lines.
import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { Chess } from 'chess.js';
import type { GameMove } from '../../api/contract';

export const START = new Chess().fen();

export function square(container: HTMLElement, name: string): HTMLElement {
  const found = container.querySelector<HTMLElement>(`[data-square="${name}"]`);
  if (!found) throw new Error(`no square ${name}`);
  return found;
}

export const hasPiece = (container: HTMLElement, name: string) => square(container, name).querySelector('svg') !== null;

export async function typeMove(user: ReturnType<typeof userEvent.setup>, text: string) {
  const input = screen.getByLabelText('Your move');
  await user.clear(input);
  await user.type(input, `${text}{Enter}`);
}

/** A line of game nodes from `fen` by SAN; `notes` comments moves by their SAN. */
export function line(fen: string, sans: string[], notes: Record<string, string> = {}): GameMove[] {
  const chess = new Chess(fen);
  return sans.map((san) => {
    const move = chess.move(san);
    return {
      uci: `${move.from}${move.to}${move.promotion ?? ''}`,
      san: move.san,
      fen: chess.fen(),
      comment: notes[san] ?? null,
      variations: [],
    };
  });
}
