// A finished puzzle on the board: its solution listed in SAN and stepped through (buttons, the
// arrow keys, a tap on a move), the player's own moves from any position listed after it, back
// to the solution, and the link to the game it comes from.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { listMoves } from './MoveList';
import { PuzzleTrainer } from './PuzzleTrainer';
import { START, square, typeMove } from './board-test-support';

const PUZZLE = { id: 'Pz001', fen: START, moves: ['e2e4', 'e7e5', 'g1f3', 'b8c6'] };

function solution() {
  return screen.getByRole('list', { name: 'Solution' });
}

const current = () => screen.queryAllByRole('button', { current: 'step' }).map((button) => button.textContent);

describe('listMoves', () => {
  it('gives each move its SAN and number, from any position', () => {
    expect(listMoves(START, ['e2e4', 'e7e5'])).toEqual([
      { san: 'e4', ply: 1 },
      { san: 'e5', ply: 2 },
    ]);
    const black = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 12';
    expect(listMoves(black, ['e7e5', 'g1f3', 'zz'])).toEqual([
      { san: 'e5', ply: 24 },
      { san: 'Nf3', ply: 25 },
    ]);
  });
});

describe('A finished puzzle', () => {
  it('lists the solution in SAN and steps through it with the buttons, the keys and a tap', async () => {
    const user = userEvent.setup();
    const { container } = render(<PuzzleTrainer puzzle={PUZZLE} ended="solved" />);
    expect(
      within(solution())
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['e4', 'e5', 'Nf3', 'Nc6']);
    expect(within(solution()).getByText('1.')).toBeInTheDocument();
    // At the end: the knight is on c6.
    expect(current()).toEqual(['Nc6']);
    expect(square(container, 'c6').querySelector('svg')).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Previous move' }));
    expect(current()).toEqual(['Nf3']);
    expect(square(container, 'b8').querySelector('svg')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'First move' }));
    expect(current()).toEqual([]);
    expect(square(container, 'e2').querySelector('svg')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Previous move' })).toBeDisabled();

    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(current()).toEqual(['e5']);
    expect(square(container, 'e5').querySelector('svg')).not.toBeNull();
    await user.keyboard('{End}');
    expect(current()).toEqual(['Nc6']);
    expect(screen.getByRole('button', { name: 'Next move' })).toBeDisabled();
    await user.click(within(solution()).getByRole('button', { name: 'e4' }));
    expect(current()).toEqual(['e4']);
    // The last move is highlighted where the board stands.
    expect(square(container, 'e4')).toHaveClass('board__square--last');
  });

  it('explores from the position shown: any legal move for either side, listed after the solution', async () => {
    const user = userEvent.setup();
    const { container } = render(<PuzzleTrainer puzzle={PUZZLE} ended="solved" />);
    await user.click(screen.getByRole('button', { name: 'Previous move' }));
    await user.click(screen.getByRole('button', { name: 'Continue from here' }));
    expect(screen.getByText('Play any move for either side on the board.')).toBeInTheDocument();
    // Black to move after 2.Nf3: d6 for Black, then Bc4 for White.
    await typeMove(user, 'd6');
    await typeMove(user, 'Bc4');
    const own = screen.getByRole('list', { name: 'Your moves' });
    expect(
      within(own)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['d6', 'Bc4']);
    expect(within(own).getByText('2...')).toBeInTheDocument();
    expect(square(container, 'c4').querySelector('svg')).not.toBeNull();
    expect(current()).toEqual(['Bc4']);
    // The steps go through the player's moves now (the keys too, outside the move field); an
    // illegal move is refused as ever.
    await user.click(screen.getByRole('button', { name: 'Previous move' }));
    await user.keyboard('{ArrowLeft}');
    expect(current()).toEqual([]);
    await user.keyboard('{ArrowRight}');
    expect(current()).toEqual(['d6']);
    expect(square(container, 'c4').querySelector('svg')).toBeNull();
    await typeMove(user, 'Ke3');
    expect(screen.getByRole('alert')).toHaveTextContent('Ke3 is not a legal move here.');
    // Another move from there replaces what came after.
    await typeMove(user, 'Nc3');
    expect(
      within(own)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['d6', 'Nc3']);

    await user.click(screen.getByRole('button', { name: 'Back to the solution' }));
    expect(screen.queryByRole('list', { name: 'Your moves' })).toBeNull();
    expect(current()).toEqual(['Nf3']);
    expect(square(container, 'b8').querySelector('svg')).not.toBeNull();
  });

  it("plays the solution's own next move as a step, without leaving the solution", async () => {
    const user = userEvent.setup();
    render(<PuzzleTrainer puzzle={PUZZLE} ended="failed" />);
    await user.click(screen.getByRole('button', { name: 'Previous move' }));
    await typeMove(user, 'Nc6');
    expect(current()).toEqual(['Nc6']);
    expect(screen.queryByRole('list', { name: 'Your moves' })).toBeNull();
  });

  it('links to the game it comes from when it has one', () => {
    const { unmount } = render(
      <PuzzleTrainer puzzle={{ ...PUZZLE, game_url: 'https://lichess.org/abcd1234#33' }} ended="solved" />,
    );
    const link = screen.getByRole('link', { name: 'See the game it comes from' });
    expect(link).toHaveAttribute('href', 'https://lichess.org/abcd1234#33');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    unmount();
    render(<PuzzleTrainer puzzle={PUZZLE} ended="solved" />);
    expect(screen.queryByRole('link', { name: 'See the game it comes from' })).toBeNull();
  });

  it('shows no solution while the puzzle is played, and lists it once solved', async () => {
    const user = userEvent.setup();
    render(<PuzzleTrainer puzzle={PUZZLE} openingDelayMs={0} replyDelayMs={0} />);
    await screen.findByText('Your turn: find the best move for Black.');
    expect(screen.queryByRole('list', { name: 'Solution' })).toBeNull();
    await typeMove(user, 'e5');
    await screen.findByText(/Your move\./, undefined, { timeout: 4000 });
    expect(screen.queryByRole('list', { name: 'Solution' })).toBeNull();
    await typeMove(user, 'Nc6');
    expect(screen.getByText('Correct!')).toBeInTheDocument();
    expect(within(solution()).getAllByRole('button')).toHaveLength(4);
    expect(current()).toEqual(['Nc6']);
  });
});
