// The exercise trainer: replies to right moves, wrong moves, other mates, hints, solutions, locked items.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ExerciseTrainer } from './ExerciseTrainer';
import type { Exercise } from '../../api/contract';
import { hasPiece, square, START, typeMove } from './board-test-support';

const MATE: Exercise = {
  id: 'lesson_chapter:1:2:e1',
  key: 'e1',
  fen: '6k1/5ppp/8/8/8/8/8/R3R1K1 w - - 0 1',
  prompt: 'White mates in one.',
  hint: 'The back rank is weak.',
  explanation: 'The king is shut in by its own pawns.',
  moves: ['e1e8'],
  solved: false,
};

const LINE: Exercise = {
  id: 'lesson_chapter:1:2:e2',
  key: 'e2',
  fen: START,
  prompt: 'Open the game.',
  hint: 'Take the centre.',
  explanation: 'Centre first, then a knight.',
  moves: ['e2e4', 'e7e5', 'g1f3'],
  solved: false,
};

describe('ExerciseTrainer', () => {
  it('plays the reply to a right move, and the learner goes on to solve the line', async () => {
    const user = userEvent.setup();
    const onAttempt = jest.fn();
    render(<ExerciseTrainer exercises={[LINE, MATE]} onAttempt={onAttempt} replyDelayMs={0} />);
    expect(screen.getByText('0 of 2 solved')).toBeInTheDocument();
    await typeMove(user, 'e4');
    expect(await screen.findByText('Black pawn to e5. Your move.')).toBeInTheDocument();
    await typeMove(user, 'Nf3');
    expect(screen.getByText('Solved')).toBeInTheDocument();
    expect(screen.getByText('Centre first, then a knight.')).toBeInTheDocument();
    expect(screen.getByText('1 of 2 solved')).toBeInTheDocument();
    expect(onAttempt).toHaveBeenCalledWith({ id: LINE.id, moves: ['e2e4', 'e7e5', 'g1f3'], hints: 0 });
    await user.click(screen.getByRole('button', { name: 'Next exercise' }));
    expect(screen.getByText('White mates in one.')).toBeInTheDocument();
  });

  it('says "Try again" for a wrong move and puts the piece back', async () => {
    const user = userEvent.setup();
    const { container } = render(<ExerciseTrainer exercises={[MATE]} replyDelayMs={0} />);
    await user.click(square(container, 'a1'));
    await user.click(square(container, 'a2'));
    expect(screen.getByText('Try again')).toBeInTheDocument();
    expect(hasPiece(container, 'a1')).toBe(true);
    expect(hasPiece(container, 'a2')).toBe(false);
  });

  it("accepts another mate at the line's last move", async () => {
    const user = userEvent.setup();
    const onAttempt = jest.fn();
    render(<ExerciseTrainer exercises={[MATE]} onAttempt={onAttempt} replyDelayMs={0} />);
    await typeMove(user, 'Ra8');
    expect(screen.getByText('Solved')).toBeInTheDocument();
    expect(onAttempt).toHaveBeenCalledWith({ id: MATE.id, moves: ['a1a8'], hints: 0 });
  });

  it('shows the hint, then the piece to move, and counts them', async () => {
    const user = userEvent.setup();
    const onAttempt = jest.fn();
    const { container } = render(<ExerciseTrainer exercises={[MATE]} onAttempt={onAttempt} replyDelayMs={0} />);
    await user.click(screen.getByRole('button', { name: 'Hint' }));
    expect(screen.getByText('Hint: The back rank is weak.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hint' }));
    expect(screen.getByText('Move the piece on e1.')).toBeInTheDocument();
    expect(square(container, 'e1')).toHaveClass('board__square--marked');
    await typeMove(user, 'Re8');
    expect(onAttempt).toHaveBeenCalledWith({ id: MATE.id, moves: ['e1e8'], hints: 2 });
  });

  it('shows the solution with its explanation, as an attempt given up', async () => {
    const user = userEvent.setup();
    const onAttempt = jest.fn();
    const { container } = render(<ExerciseTrainer exercises={[LINE]} onAttempt={onAttempt} replyDelayMs={0} />);
    await typeMove(user, 'e4');
    await screen.findByText('Black pawn to e5. Your move.');
    await user.click(screen.getByRole('button', { name: 'Show solution' }));
    expect(await screen.findByText('Solution shown')).toBeInTheDocument();
    expect(screen.getByText('Centre first, then a knight.')).toBeInTheDocument();
    expect(hasPiece(container, 'f3')).toBe(true);
    expect(onAttempt).toHaveBeenCalledWith({ id: LINE.id, moves: ['e2e4', 'e7e5'], hints: 0 });
    expect(screen.getByText('0 of 1 solved')).toBeInTheDocument();
  });

  it("shows a locked item's exercise without a way to play it", () => {
    render(
      <ExerciseTrainer
        exercises={[{ id: 'x:1:e1', key: 'e1', fen: START, prompt: 'Find the plan.', solved: false }]}
      />,
    );
    expect(screen.getByText('Find the plan.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Your move')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show solution' })).not.toBeInTheDocument();
  });
});
