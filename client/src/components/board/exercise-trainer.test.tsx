// The exercise trainer: replies to right moves, wrong moves, other mates, hints, solutions, locked items,
// and what a teacher wrote around the line: comments, alternatives ("Also good"), mistakes refuted.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ExerciseTrainer } from './ExerciseTrainer';
import type { TaughtExercise } from './exercise-line';
import { hasPiece, square, START, typeMove } from './board-test-support';

const MATE: TaughtExercise = {
  id: 'lesson_chapter:1:2:e1',
  key: 'e1',
  fen: '6k1/5ppp/8/8/8/8/8/R3R1K1 w - - 0 1',
  prompt: 'White mates in one.',
  source: null,
  hint: 'The back rank is weak.',
  explanation: 'The king is shut in by its own pawns.',
  moves: ['e1e8'],
  solved: false,
};

const LINE: TaughtExercise = {
  id: 'lesson_chapter:1:2:e2',
  key: 'e2',
  fen: START,
  prompt: 'Open the game.',
  source: null,
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
    expect(onAttempt).toHaveBeenCalledWith({
      id: LINE.id,
      moves: ['e2e4', 'e7e5', 'g1f3'],
      hints: 0,
      gave_up: false,
      solved: true,
    });
    await user.click(screen.getByRole('button', { name: 'Next exercise' }));
    expect(screen.getByText('White mates in one.')).toBeInTheDocument();
  });

  it('says "Try again" for a wrong move, puts the piece back and counts the attempt failed once', async () => {
    const user = userEvent.setup();
    const onAttempt = jest.fn();
    const { container } = render(<ExerciseTrainer exercises={[MATE]} onAttempt={onAttempt} replyDelayMs={0} />);
    await user.click(square(container, 'a1'));
    await user.click(square(container, 'a2'));
    expect(screen.getByText('Try again')).toBeInTheDocument();
    expect(hasPiece(container, 'a1')).toBe(true);
    expect(hasPiece(container, 'a2')).toBe(false);
    expect(onAttempt).toHaveBeenCalledWith({ id: MATE.id, moves: ['a1a2'], hints: 0, gave_up: false, solved: false });
    await typeMove(user, 'Ra3');
    expect(onAttempt).toHaveBeenCalledTimes(1);
  });

  it("accepts another mate at the line's last move", async () => {
    const user = userEvent.setup();
    const onAttempt = jest.fn();
    render(<ExerciseTrainer exercises={[MATE]} onAttempt={onAttempt} replyDelayMs={0} />);
    await typeMove(user, 'Ra8');
    expect(screen.getByText('Solved')).toBeInTheDocument();
    expect(onAttempt).toHaveBeenCalledWith({ id: MATE.id, moves: ['a1a8'], hints: 0, gave_up: false, solved: true });
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
    expect(onAttempt).toHaveBeenCalledWith({ id: MATE.id, moves: ['e1e8'], hints: 2, gave_up: false, solved: true });
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
    // Given up: recorded as failed, so that it comes back in review.
    expect(onAttempt).toHaveBeenCalledWith({
      id: LINE.id,
      moves: ['e2e4', 'e7e5'],
      hints: 0,
      gave_up: true,
      solved: false,
    });
    expect(screen.getByText('0 of 1 solved')).toBeInTheDocument();
  });

  it("shows a locked item's exercise without a way to play it", () => {
    render(
      <ExerciseTrainer
        exercises={[{ id: 'x:1:e1', key: 'e1', fen: START, prompt: 'Find the plan.', source: null, solved: false }]}
      />,
    );
    expect(screen.getByText('Find the plan.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Your move')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show solution' })).not.toBeInTheDocument();
  });

  describe('taught', () => {
    const TAUGHT: TaughtExercise = {
      ...LINE,
      id: 'lesson_chapter:1:2:e3',
      key: 'e3',
      source: 'Training position',
      comments: ['Takes the centre and frees the bishop.', 'Black answers in kind.', 'Develops with an attack on e5.'],
      alternatives: [
        { at: 0, moves: ['d2d4'], comment: 'The other central pawn does the same job.' },
        { at: 2, moves: ['b1c3', 'g8f6', 'g1f3'], comment: 'The other knight first is as good.' },
      ],
      mistakes: [{ at: 2, moves: ['d1h5', 'b8c6'], comment: 'The queen comes out too soon: Nc6, and she is chased.' }],
    };

    it('shows the source under the prompt, and the comment on each move and on the reply', async () => {
      const user = userEvent.setup();
      render(<ExerciseTrainer exercises={[TAUGHT]} replyDelayMs={0} />);
      expect(screen.getByText('Training position')).toBeInTheDocument();
      await typeMove(user, 'e4');
      expect(screen.getByText('Takes the centre and frees the bishop.')).toBeInTheDocument();
      expect(screen.getByText('1.e4')).toBeInTheDocument();
      expect(await screen.findByText('Black answers in kind.')).toBeInTheDocument();
      expect(screen.getByText('1...e5')).toBeInTheDocument();
      // Both in the live region, which says them with the reply.
      expect(screen.getByRole('status')).toHaveTextContent('Black pawn to e5. Your move.');
      expect(screen.getByRole('status')).toHaveTextContent('Black answers in kind.');
      await typeMove(user, 'Nf3');
      expect(screen.getByText('Solved')).toBeInTheDocument();
      expect(screen.getByText('Develops with an attack on e5.')).toBeInTheDocument();
      // The learner's move starts the notes afresh: the earlier ones are gone.
      expect(screen.queryByText('Black answers in kind.')).not.toBeInTheDocument();
      expect(screen.getByText('Centre first, then a knight.')).toBeInTheDocument();
    });

    it('accepts a one-move alternative as solved, with "Also good" and the line studied', async () => {
      const user = userEvent.setup();
      const onAttempt = jest.fn();
      render(<ExerciseTrainer exercises={[TAUGHT]} onAttempt={onAttempt} replyDelayMs={0} />);
      await typeMove(user, 'd4');
      expect(screen.getByText('Solved')).toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent('1.d4 Also good: The other central pawn does the same job.');
      expect(screen.getByText('The line we study is 1.e4 e5 2.Nf3.')).toBeInTheDocument();
      expect(screen.getByText('1 of 1 solved')).toBeInTheDocument();
      expect(onAttempt).toHaveBeenCalledWith({
        id: TAUGHT.id,
        moves: ['d2d4'],
        hints: 0,
        gave_up: false,
        solved: true,
      });
    });

    it('goes on along a longer alternative, playing its replies', async () => {
      const user = userEvent.setup();
      const onAttempt = jest.fn();
      render(<ExerciseTrainer exercises={[TAUGHT]} onAttempt={onAttempt} replyDelayMs={0} />);
      await typeMove(user, 'e4');
      await screen.findByText('Black pawn to e5. Your move.');
      await typeMove(user, 'Nc3');
      expect(screen.getByRole('status')).toHaveTextContent('2.Nc3 Also good: The other knight first is as good.');
      expect(await screen.findByText('Black knight to f6. Your move.')).toBeInTheDocument();
      await typeMove(user, 'Nf3');
      expect(screen.getByText('Solved')).toBeInTheDocument();
      expect(screen.getByText('The line we study is 2.Nf3.')).toBeInTheDocument();
      expect(onAttempt).toHaveBeenCalledWith({
        id: TAUGHT.id,
        moves: ['e2e4', 'e7e5', 'b1c3', 'g8f6', 'g1f3'],
        hints: 0,
        gave_up: false,
        solved: true,
      });
    });

    it('refutes a mistake on the board, counts it as a wrong move, and lets the learner take it back', async () => {
      const user = userEvent.setup();
      const onAttempt = jest.fn();
      const { container } = render(<ExerciseTrainer exercises={[TAUGHT]} onAttempt={onAttempt} replyDelayMs={0} />);
      await typeMove(user, 'e4');
      await screen.findByText('Black pawn to e5. Your move.');
      await typeMove(user, 'Qh5');
      expect(screen.getByText('Tempting, but it fails.')).toBeInTheDocument();
      expect(screen.getByText('The queen comes out too soon: Nc6, and she is chased.')).toBeInTheDocument();
      expect(onAttempt).toHaveBeenCalledWith({
        id: TAUGHT.id,
        moves: ['e2e4', 'e7e5', 'd1h5'],
        hints: 0,
        gave_up: false,
        solved: false,
      });
      // The refutation is played where the learner sees it.
      await waitFor(() =>
        expect(screen.getByRole('status')).toHaveTextContent('2.Qh5? Nc6 The queen comes out too soon'),
      );
      await waitFor(() => expect(hasPiece(container, 'c6')).toBe(true));
      expect(hasPiece(container, 'h5')).toBe(true);
      expect(await screen.findByText('Take the move back and try again.')).toBeInTheDocument();
      expect(screen.getByLabelText('Your move')).toHaveAttribute('readonly');
      await user.click(screen.getByRole('button', { name: 'Take back' }));
      expect(hasPiece(container, 'd1')).toBe(true);
      expect(hasPiece(container, 'h5')).toBe(false);
      expect(hasPiece(container, 'c6')).toBe(false);
      expect(screen.getByRole('application')).toHaveFocus();
      await typeMove(user, 'Nf3');
      expect(screen.getByText('Solved')).toBeInTheDocument();
      expect(onAttempt).toHaveBeenCalledTimes(2);
      expect(onAttempt).toHaveBeenLastCalledWith({
        id: TAUGHT.id,
        moves: ['e2e4', 'e7e5', 'g1f3'],
        hints: 0,
        gave_up: false,
        solved: true,
      });
    });

    it('shows the solution from a refuted mistake, with its comments, as given up', async () => {
      const user = userEvent.setup();
      const onAttempt = jest.fn();
      const { container } = render(<ExerciseTrainer exercises={[TAUGHT]} onAttempt={onAttempt} replyDelayMs={0} />);
      await typeMove(user, 'e4');
      await screen.findByText('Black pawn to e5. Your move.');
      await typeMove(user, 'Qh5');
      await screen.findByText('Take the move back and try again.');
      await user.click(screen.getByRole('button', { name: 'Show solution' }));
      expect(onAttempt).toHaveBeenLastCalledWith({
        id: TAUGHT.id,
        moves: ['e2e4', 'e7e5'],
        hints: 0,
        gave_up: true,
        solved: false,
      });
      expect(await screen.findByText('Solution shown')).toBeInTheDocument();
      expect(hasPiece(container, 'f3')).toBe(true);
      expect(hasPiece(container, 'd1')).toBe(true);
      expect(screen.getByText('Develops with an attack on e5.')).toBeInTheDocument();
      expect(screen.getByText('0 of 1 solved')).toBeInTheDocument();
    });

    it("says another mate is good without the line's comment, and keeps a comment that says 'Also' itself", async () => {
      const user = userEvent.setup();
      const taughtMate: TaughtExercise = {
        ...MATE,
        comments: ['The rook takes the back rank.'],
        alternatives: [{ at: 0, moves: ['a1a8'], comment: 'Also mate: the other rook does it too.' }],
      };
      render(
        <ExerciseTrainer exercises={[taughtMate, { ...taughtMate, id: 'other', alternatives: [] }]} replyDelayMs={0} />,
      );
      await typeMove(user, 'Ra8');
      expect(screen.getByRole('status')).toHaveTextContent('1.Ra8# Also mate: the other rook does it too.');
      expect(screen.getByRole('status')).not.toHaveTextContent('Also good: Also');
      await user.click(screen.getByRole('button', { name: 'Next exercise' }));
      await typeMove(user, 'Ra8');
      expect(screen.getByText('Solved')).toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent('1.Ra8# Also good.');
      expect(screen.queryByText('The rook takes the back rank.')).not.toBeInTheDocument();
    });
  });
});
