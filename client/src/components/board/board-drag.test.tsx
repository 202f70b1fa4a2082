// The board's drags: a touch drag (which no click follows) leaves the next tap-tap move working.
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Chess, type Move } from 'chess.js';
import { useState } from 'react';
import { Board } from './Board';
import { square } from './board-test-support';

const SIZE = 400;

/** A board that takes every move, as a trainer's does on the learner's turn. */
function Movable({ fen, onPlayed }: { fen: string; onPlayed: (uci: string) => void }) {
  const [position, setPosition] = useState(fen);
  return (
    <Board
      fen={position}
      orientation="w"
      label="Chess board"
      onMove={(move: Move) => {
        onPlayed(`${move.from}${move.to}`);
        setPosition(move.after);
      }}
    />
  );
}

/** The middle of a square on a 400 px board with White at the bottom. */
function centre(name: string): { clientX: number; clientY: number } {
  const column = name.charCodeAt(0) - 'a'.charCodeAt(0);
  const row = 8 - Number(name[1]);
  return { clientX: (column + 0.5) * (SIZE / 8), clientY: (row + 0.5) * (SIZE / 8) };
}

/** A pointer event as a finger makes it (jsdom has no PointerEvent: a MouseEvent with its fields). */
function pointer(target: Element, type: string, at: { clientX: number; clientY: number }) {
  const event = new MouseEvent(type, { bubbles: true, cancelable: true, button: 0, ...at });
  Object.defineProperty(event, 'pointerId', { value: 3 });
  Object.defineProperty(event, 'pointerType', { value: 'touch' });
  act(() => {
    target.dispatchEvent(event);
  });
}

/** A finger drags a piece from one square to another; as on a phone, no click follows. */
function touchDrag(container: HTMLElement, from: string, to: string) {
  const start = centre(from);
  pointer(square(container, from), 'pointerdown', start);
  pointer(square(container, from), 'pointermove', { clientX: start.clientX + 10, clientY: start.clientY - 10 });
  pointer(square(container, from), 'pointermove', centre(to));
  pointer(square(container, from), 'pointerup', centre(to));
}

// jsdom's elements lack the `onpointer…` properties a browser's have, so Preact would listen for
// "PointerDown" instead of "pointerdown": give them to HTMLElement while these tests run.
const POINTER_HANDLERS = ['onpointerdown', 'onpointermove', 'onpointerup', 'onpointercancel'];
const added: string[] = [];
beforeAll(() => {
  for (const name of POINTER_HANDLERS) {
    if (!(name in HTMLElement.prototype)) {
      added.push(name);
      Object.defineProperty(HTMLElement.prototype, name, { value: null, writable: true, configurable: true });
    }
  }
});
afterAll(() => {
  for (const name of added) Reflect.deleteProperty(HTMLElement.prototype, name);
});

beforeEach(() => {
  jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function rect(this: HTMLElement) {
    const size = this.classList.contains('board') ? SIZE : 0;
    return { x: 0, y: 0, left: 0, top: 0, right: size, bottom: size, width: size, height: size, toJSON: () => ({}) };
  });
});

describe('Board drags', () => {
  it('plays a move dragged by a finger, and takes the next move by two taps at once', async () => {
    const user = userEvent.setup();
    const played: string[] = [];
    const { container } = render(<Movable fen={new Chess().fen()} onPlayed={(uci) => played.push(uci)} />);
    touchDrag(container, 'e2', 'e4');
    expect(played).toEqual(['e2e4']);
    // Black's move by taps: the first tap must not be taken for the drag's click.
    await user.click(square(container, 'e7'));
    expect(square(container, 'e7')).toHaveClass('board__square--selected');
    await user.click(square(container, 'e5'));
    expect(played).toEqual(['e2e4', 'e7e5']);
  });

  it('still ignores the click that follows a mouse drag', () => {
    const played: string[] = [];
    const { container } = render(<Movable fen={new Chess().fen()} onPlayed={(uci) => played.push(uci)} />);
    touchDrag(container, 'g1', 'f3');
    // A mouse's drag ends in a click where the button is let go: it must not pick up anything.
    act(() => {
      square(container, 'e7').dispatchEvent(new MouseEvent('click', { bubbles: true, ...centre('e7') }));
    });
    expect(played).toEqual(['g1f3']);
    expect(container.querySelector('.board__square--selected')).toBeNull();
  });
});
