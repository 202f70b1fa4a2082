// The game viewer: stepping and jumping, variations, the learner's own moves, the PGN download.
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GameViewer, pgnFileName } from './GameViewer';
import type { Game } from '../../api/contract';
import { hasPiece, line, START, typeMove } from './board-test-support';

function buildGame(): Game {
  const moves = line(START, ['e4', 'e5', 'Nf3', 'd6', 'd4'], { Nf3: 'The knight attacks e5.' });
  const afterNf3 = moves[2]?.fen ?? START;
  moves[3]!.variations = [line(afterNf3, ['Nc6', 'Bb5'])];
  return {
    headers: { White: 'Morphy, Paul', Black: 'Duke Karl', Event: 'Paris', Date: '1858.11.02', Result: '1-0' },
    fen: START,
    comment: null,
    moves,
  };
}

describe('GameViewer', () => {
  it('steps forward and back, jumps to a move, and shows its comment', async () => {
    const user = userEvent.setup();
    render(<GameViewer game={buildGame()} pgn="[Event]" />);
    await user.click(screen.getByRole('button', { name: 'Next move' }));
    expect(screen.getByRole('button', { name: 'e4' })).toHaveAttribute('aria-current', 'step');
    expect(screen.getByText('White pawn to e4')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nf3' }));
    expect(screen.getByRole('button', { name: 'Nf3' })).toHaveAttribute('aria-current', 'step');
    expect(screen.getAllByText('The knight attacks e5.')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Previous move' }));
    expect(screen.getByRole('button', { name: 'e5' })).toHaveAttribute('aria-current', 'step');
    await user.click(screen.getByRole('button', { name: 'Last move' }));
    expect(screen.getByRole('button', { name: 'd4' })).toHaveAttribute('aria-current', 'step');
    await user.click(screen.getByRole('button', { name: 'First move' }));
    expect(screen.getByText('The starting position')).toBeInTheDocument();
  });

  it('steps with the arrow keys and plays a variation', async () => {
    const user = userEvent.setup();
    render(<GameViewer game={buildGame()} />);
    const next = screen.getByRole('button', { name: 'Next move' });
    fireEvent.keyDown(next, { key: 'ArrowRight' });
    fireEvent.keyDown(next, { key: 'ArrowRight' });
    expect(screen.getByRole('button', { name: 'e5' })).toHaveAttribute('aria-current', 'step');
    fireEvent.keyDown(next, { key: 'ArrowLeft' });
    expect(screen.getByRole('button', { name: 'e4' })).toHaveAttribute('aria-current', 'step');
    await user.click(screen.getByRole('button', { name: 'Nc6' }));
    await user.click(screen.getByRole('button', { name: 'Next move' }));
    expect(screen.getByRole('button', { name: 'Bb5' })).toHaveAttribute('aria-current', 'step');
  });

  it('lets the learner try their own moves and come back to the game', async () => {
    const user = userEvent.setup();
    const { container } = render(<GameViewer game={buildGame()} />);
    await user.click(screen.getByRole('button', { name: 'Nf3' }));
    await user.click(screen.getByRole('button', { name: 'Try your own move' }));
    await typeMove(user, 'a6');
    expect(screen.getByText('a6')).toBeInTheDocument();
    expect(hasPiece(container, 'a6')).toBe(true);
    await typeMove(user, 'h3');
    await user.click(screen.getByRole('button', { name: 'Back to the game' }));
    expect(screen.getByRole('button', { name: 'Nf3' })).toHaveAttribute('aria-current', 'step');
    expect(hasPiece(container, 'a6')).toBe(false);
  });

  it("follows the game when the learner plays the game's own move", async () => {
    const user = userEvent.setup();
    render(<GameViewer game={buildGame()} />);
    await typeMove(user, 'e4');
    expect(screen.getByRole('button', { name: 'e4' })).toHaveAttribute('aria-current', 'step');
    expect(screen.queryByRole('button', { name: 'Back to the game' })).not.toBeInTheDocument();
  });

  it('offers the PGN to download, named from the headers', () => {
    const created = jest.fn(() => 'blob:game');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: jest.fn() });
    render(<GameViewer game={buildGame()} pgn='[White "Morphy"]' />);
    const link = screen.getByRole('link', { name: 'Download PGN' });
    expect(link).toHaveAttribute('href', 'blob:game');
    expect(link).toHaveAttribute('download', 'Morphy-Duke-Karl-1858.pgn');
    expect(pgnFileName({})).toBe('game.pgn');
  });
});
