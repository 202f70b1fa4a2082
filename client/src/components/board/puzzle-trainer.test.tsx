// The puzzle trainer on its own: the line's move or, at its last move, any mate solves it; the
// first wrong move fails it, and the solution is still shown on request.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PuzzleTrainer } from './PuzzleTrainer';
import { START, typeMove } from './board-test-support';

// After 1.f3 e5, White to move: the opponent plays 2.g4 and Black has Qh4 mate.
const FOOLS = 'rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq - 0 2';
const PUZZLE = { id: 'Pz001', fen: START, moves: ['e2e4', 'e7e5', 'g1f3', 'b8c6'] };

describe('PuzzleTrainer', () => {
  it("accepts any mate at the line's last move", async () => {
    const user = userEvent.setup();
    const onFinish = jest.fn();
    render(
      <PuzzleTrainer
        puzzle={{ id: 'mate', fen: FOOLS, moves: ['g2g4', 'b8c6'] }}
        onFinish={onFinish}
        openingDelayMs={0}
        replyDelayMs={0}
      />,
    );
    expect(await screen.findByText('Your turn: find the best move for Black.')).toBeInTheDocument();
    await typeMove(user, 'Qh4');
    expect(screen.getByText('Correct!')).toBeInTheDocument();
    expect(onFinish).toHaveBeenCalledWith(expect.objectContaining({ moves: ['d8h4'], solved: true }));
  });

  it('fails at the first wrong move, puts the piece back, and still plays the solution on request', async () => {
    const user = userEvent.setup();
    const onFinish = jest.fn();
    const { container } = render(
      <PuzzleTrainer puzzle={PUZZLE} onFinish={onFinish} openingDelayMs={0} replyDelayMs={0} />,
    );
    await screen.findByText('Your turn: find the best move for Black.');
    await typeMove(user, 'd5');
    expect(screen.getByText("That's not the move.")).toBeInTheDocument();
    expect(container.querySelector('[data-square="d7"] svg')).not.toBeNull();
    expect(onFinish).toHaveBeenCalledWith(expect.objectContaining({ moves: ['d7d5'], solved: false }));
    // Another miss, then the solution: the puzzle was reported once.
    await typeMove(user, 'a6');
    await user.click(screen.getByRole('button', { name: 'View the solution' }));
    expect(await screen.findByText('Solution shown.')).toBeInTheDocument();
    expect(container.querySelector('[data-square="c6"] svg')).not.toBeNull();
    expect(onFinish).toHaveBeenCalledTimes(1);
  });
});
