import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Chess } from 'chess.js';
import { useState } from 'react';
import { ExerciseTrainer } from './ExerciseTrainer';
import { GameViewer, pgnFileName } from './GameViewer';
import { KeyPositions, positionAt } from './KeyPositions';
import type { Exercise, Game, GameMove } from '../../api/contract';
import { learningFieldsOf } from './learning-types';
import { moveInWords, readTypedMove } from './move-words';
import { PlayBoard, type ShownMove } from './PlayBoard';

const START = new Chess().fen();

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

function square(container: HTMLElement, name: string): HTMLElement {
  const found = container.querySelector<HTMLElement>(`[data-square="${name}"]`);
  if (!found) throw new Error(`no square ${name}`);
  return found;
}

const hasPiece = (container: HTMLElement, name: string) => square(container, name).querySelector('svg') !== null;

async function typeMove(user: ReturnType<typeof userEvent.setup>, text: string) {
  const input = screen.getByLabelText('Your move');
  await user.clear(input);
  await user.type(input, `${text}{Enter}`);
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

/** A line of game nodes from `fen` by SAN; `notes` comments moves by their SAN. */
function line(fen: string, sans: string[], notes: Record<string, string> = {}): GameMove[] {
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

describe('KeyPositions', () => {
  const positions = [
    { at: 0, fen: START, caption: 'The start' },
    { at: 30, fen: line(START, ['e4'])[0]!.fen, caption: 'The king pawn' },
    { at: 90, fen: line(START, ['d4'])[0]!.fen, caption: 'The queen pawn' },
  ];

  it('finds the latest position at or before a time', () => {
    expect(positionAt(positions, null)).toBeNull();
    expect(positionAt(positions, 29)).toBe(0);
    expect(positionAt(positions, 30)).toBe(1);
    expect(positionAt(positions, 200)).toBe(2);
  });

  it('follows the video, and seeks it to a position tapped', async () => {
    const user = userEvent.setup();
    const onSeek = jest.fn();
    const { rerender, container } = render(<KeyPositions positions={positions} currentTime={45} onSeek={onSeek} />);
    expect(screen.getByRole('button', { name: /The king pawn/ })).toHaveAttribute('aria-current', 'step');
    expect(hasPiece(container, 'e4')).toBe(true);
    rerender(<KeyPositions positions={positions} currentTime={95} onSeek={onSeek} />);
    expect(screen.getByRole('button', { name: /The queen pawn/ })).toHaveAttribute('aria-current', 'step');
    expect(hasPiece(container, 'd4')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'at 0:00 The start' }));
    expect(onSeek).toHaveBeenCalledWith(0);
    expect(hasPiece(container, 'd2')).toBe(true);
  });

  it('is a list to step through without a video', async () => {
    const user = userEvent.setup();
    render(<KeyPositions positions={positions} />);
    expect(screen.getByText('1 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next position' }));
    expect(screen.getByRole('button', { name: /The king pawn/ })).toHaveAttribute('aria-current', 'step');
  });
});

describe('learning fields of an API item', () => {
  it('is null for an item with nothing to practise', () => {
    expect(learningFieldsOf({})).toBeNull();
    expect(learningFieldsOf({ positions: [], exercises: [], game: null })).toBeNull();
  });

  it("keeps a locked item's positions", () => {
    const fields = learningFieldsOf({ positions: [{ at: 3, fen: START, caption: null }] });
    expect(fields?.positions).toHaveLength(1);
    expect(fields?.game).toBeNull();
  });
});
