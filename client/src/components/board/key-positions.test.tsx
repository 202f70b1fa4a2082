// The key positions of a video, and the learning fields of an API item.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { KeyPositions, positionAt } from './KeyPositions';
import { learningFieldsOf } from '../../lib/learning-types';
import { hasPiece, line, START } from './board-test-support';

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
