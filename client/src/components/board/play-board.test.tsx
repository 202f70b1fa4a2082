// The board a learner plays on, and moves in words: taps, typed moves, promotion, flipping, the keyboard.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Chess } from 'chess.js';
import { useState } from 'react';
import { moveInWords, readTypedMove } from './move-words';
import { PlayBoard, type ShownMove } from './PlayBoard';
import { hasPiece, square, START, typeMove } from './board-test-support';

/** A board the learner plays on freely, as the game viewer's own moves do. */
function Playable({ fen, onPlayed }: { fen: string; onPlayed?: (uci: string) => void }) {
  const [state, setState] = useState<{ fen: string; last: ShownMove | null }>({ fen, last: null });
  return (
    <PlayBoard
      fen={state.fen}
      lastMove={state.last}
      onMove={(move) => {
        onPlayed?.(`${move.from}${move.to}${move.promotion ?? ''}`);
        setState({ fen: move.after, last: { from: move.from, to: move.to, san: move.san } });
      }}
    />
  );
}

describe('moves in words', () => {
  it('says pieces, captures, checks, castling, promotion and mate', () => {
    expect(moveInWords('Nxe5+', 'w')).toBe('White knight takes e5, check');
    expect(moveInWords('O-O', 'b')).toBe('Black castles kingside');
    expect(moveInWords('O-O-O+', 'w')).toBe('White castles queenside, check');
    expect(moveInWords('exd5', 'w')).toBe('White pawn takes d5');
    expect(moveInWords('e8=Q#', 'w')).toBe('White pawn to e8, promotes to queen, checkmate');
  });

  it('reads SAN and UCI, forgiving of a missing check sign, and says why a move is refused', () => {
    const chess = new Chess(START);
    expect(readTypedMove(chess, 'Nf3')).toMatchObject({ move: { san: 'Nf3' } });
    expect(readTypedMove(chess, 'g1f3')).toMatchObject({ move: { san: 'Nf3' } });
    expect(readTypedMove(chess, 'nf3')).toMatchObject({ move: { san: 'Nf3' } });
    expect(readTypedMove(chess, 'Nf4')).toEqual({ error: 'Nf4 is not a legal move here.' });
    expect(readTypedMove(chess, 'hello')).toEqual({
      error: 'hello is not a move we can read: write it like Nf3, exd5, O-O or g1f3.',
    });
  });
});

describe('the board', () => {
  it('is one element named as a chess board, with the side to move', () => {
    render(<PlayBoard fen={START} />);
    expect(screen.getByRole('application', { name: 'Chess board, White to move' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Your move')).not.toBeInTheDocument();
  });

  it('moves by a tap on a piece then on its square, showing the legal targets', async () => {
    const user = userEvent.setup();
    const { container } = render(<Playable fen={START} />);
    await user.click(square(container, 'e2'));
    expect(square(container, 'e3')).toHaveClass('board__square--target');
    expect(square(container, 'e4')).toHaveClass('board__square--target');
    expect(square(container, 'e5')).not.toHaveClass('board__square--target');
    await user.click(square(container, 'e4'));
    expect(hasPiece(container, 'e4')).toBe(true);
    expect(hasPiece(container, 'e2')).toBe(false);
    expect(square(container, 'e4')).toHaveClass('board__square--last');
    expect(screen.getByText('White pawn to e4')).toBeInTheDocument();
    expect(screen.getByRole('application', { name: 'Chess board, Black to move' })).toBeInTheDocument();
  });

  it('takes a move typed in SAN or in UCI', async () => {
    const user = userEvent.setup();
    const played: string[] = [];
    render(<Playable fen={START} onPlayed={(uci) => played.push(uci)} />);
    await typeMove(user, 'Nf3');
    await typeMove(user, 'g8f6');
    expect(played).toEqual(['g1f3', 'g8f6']);
    expect(screen.getByText('Black knight to f6')).toBeInTheDocument();
  });

  it('says why a typed move is refused, and plays nothing', async () => {
    const user = userEvent.setup();
    const played: string[] = [];
    render(<Playable fen={START} onPlayed={(uci) => played.push(uci)} />);
    await typeMove(user, 'Ke2');
    expect(screen.getByRole('alert')).toHaveTextContent('Ke2 is not a legal move here.');
    expect(screen.getByLabelText('Your move')).toHaveAttribute('aria-invalid', 'true');
    await typeMove(user, 'zz9');
    expect(screen.getByRole('alert')).toHaveTextContent('zz9 is not a move we can read');
    expect(played).toEqual([]);
  });

  it('announces a capture with check in words', async () => {
    const user = userEvent.setup();
    render(<Playable fen="8/3k4/8/4p3/2N5/8/8/4K2R w - - 0 1" />);
    await typeMove(user, 'Nxe5');
    expect(screen.getByText('White knight takes e5, check')).toBeInTheDocument();
    expect(screen.getByRole('application', { name: 'Chess board, Black to move, in check' })).toBeInTheDocument();
  });

  it('asks which piece a pawn becomes', async () => {
    const user = userEvent.setup();
    const played: string[] = [];
    const { container } = render(
      <Playable fen="8/4P3/8/8/8/8/k7/4K3 w - - 0 1" onPlayed={(uci) => played.push(uci)} />,
    );
    await typeMove(user, 'e7e8');
    expect(screen.getByRole('alert')).toHaveTextContent('Say which piece the pawn becomes, such as e7e8q.');
    await user.click(square(container, 'e7'));
    await user.click(square(container, 'e8'));
    const chooser = screen.getByRole('group', { name: 'Promote the pawn to' });
    expect(within(chooser).getByRole('button', { name: 'Queen' })).toHaveFocus();
    await user.click(within(chooser).getByRole('button', { name: 'Knight' }));
    expect(played).toEqual(['e7e8n']);
    expect(screen.getByText('White pawn to e8, promotes to knight')).toBeInTheDocument();
  });

  it('flips', async () => {
    const user = userEvent.setup();
    const { container } = render(<PlayBoard fen={START} />);
    const first = () => container.querySelector<HTMLElement>('[data-square]')?.dataset.square;
    expect(first()).toBe('a8');
    await user.click(screen.getByRole('button', { name: 'Flip board' }));
    expect(first()).toBe('h1');
    expect(screen.getByRole('button', { name: 'Flip board' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('plays from the keyboard alone: arrows between squares, Enter to pick up and put down', async () => {
    const user = userEvent.setup();
    const { container } = render(<Playable fen={START} />);
    screen.getByRole('application').focus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByText('e2, White pawn')).toBeInTheDocument();
    await user.keyboard('{Enter}{ArrowUp}{ArrowUp}');
    expect(screen.getByText('e4, empty, a legal move for the piece picked up')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(hasPiece(container, 'e4')).toBe(true);
    expect(screen.getByText('White pawn to e4')).toBeInTheDocument();
  });
});
