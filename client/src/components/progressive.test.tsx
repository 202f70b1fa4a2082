// Long lists: a first screen at once, the rest a few items a task, their place held meanwhile.
import { render, screen, waitFor } from '@testing-library/react';
import { PendingItems, useRevealed } from './progressive';

function List({ length }: { length: number }) {
  const shown = useRevealed(length, 3, 2);
  return (
    <ul>
      {Array.from({ length: shown }, (_, index) => (
        <li key={index}>Item {index + 1}</li>
      ))}
      {shown < length && <PendingItems />}
    </ul>
  );
}

describe('progressive lists', () => {
  it('render the first items at once and the rest in later tasks, holding their place', async () => {
    const { container } = render(<List length={8} />);

    expect(screen.getAllByText(/^Item/)).toHaveLength(3);
    expect(container.querySelector('.pending-items')).toHaveAttribute('aria-hidden', 'true');

    await waitFor(() => expect(screen.getAllByText(/^Item/)).toHaveLength(8));
    expect(container.querySelector('.pending-items')).toBeNull();
  });

  it('render a short list whole, with no place held', () => {
    const { container } = render(<List length={2} />);

    expect(screen.getAllByText(/^Item/)).toHaveLength(2);
    expect(container.querySelector('.pending-items')).toBeNull();
  });

  it('reveal the items a longer list gains (Load more) a few at a time', async () => {
    const { rerender } = render(<List length={3} />);
    rerender(<List length={9} />);

    expect(screen.getAllByText(/^Item/)).toHaveLength(3);
    await waitFor(() => expect(screen.getAllByText(/^Item/)).toHaveLength(9));
  });
});
