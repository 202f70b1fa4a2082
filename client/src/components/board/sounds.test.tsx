// The boards' sounds: synthesised with Web Audio (a stand-in AudioContext here), played only while
// the switch is on: on by default at a computer, off on a touch screen; a puzzle's moves and its
// right and wrong answers each sound.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeBoardPreferences, DEFAULT_BOARD_PREFERENCES, soundsOn } from '../../state/board-preferences';
import { PuzzleTrainer } from './PuzzleTrainer';
import { typeMove } from './board-test-support';
import { playSound, resetSounds, SOUND_TONES, soundOfMove } from './sounds';

/** Every tone started, by its first frequency. */
let started: number[] = [];

class FakeAudioContext {
  state = 'running';
  currentTime = 0;
  destination = {};
  resume = jest.fn(() => Promise.resolve());
  createOscillator() {
    let frequency = 0;
    return {
      type: 'sine',
      frequency: {
        setValueAtTime: (value: number) => {
          frequency = value;
        },
        exponentialRampToValueAtTime: jest.fn(),
      },
      connect: jest.fn(),
      start: () => started.push(frequency),
      stop: jest.fn(),
    };
  }
  createGain() {
    return { gain: { setValueAtTime: jest.fn(), exponentialRampToValueAtTime: jest.fn() }, connect: jest.fn() };
  }
}

function touchScreen(touch: boolean) {
  window.matchMedia = jest.fn((query: string) => ({
    matches: touch && query === '(pointer: coarse)',
    media: query,
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
  })) as unknown as typeof window.matchMedia;
}

beforeEach(() => {
  started = [];
  resetSounds();
  (window as unknown as { AudioContext: unknown }).AudioContext = FakeAudioContext;
  changeBoardPreferences(DEFAULT_BOARD_PREFERENCES);
  touchScreen(false);
});

afterAll(() => {
  delete (window as unknown as { AudioContext?: unknown }).AudioContext;
  // @ts-expect-error jsdom has no matchMedia: the tests brought their own.
  delete window.matchMedia;
});

describe('sounds', () => {
  it('are on by default at a computer and off on a touch screen', () => {
    expect(soundsOn()).toBe(true);
    expect(playSound('move')).toBe(true);
    expect(started).toEqual([240]);
    touchScreen(true);
    expect(soundsOn()).toBe(false);
    expect(playSound('move')).toBe(false);
    expect(started).toEqual([240]);
  });

  it('follow the switch either way, whatever the device', () => {
    touchScreen(true);
    changeBoardPreferences({ sounds: true });
    expect(playSound('check')).toBe(true);
    expect(started).toEqual(SOUND_TONES.check.map((tone) => tone.from));
    touchScreen(false);
    changeBoardPreferences({ sounds: false });
    expect(playSound('right')).toBe(false);
    expect(started).toHaveLength(SOUND_TONES.check.length);
  });

  it('stay quiet where the browser has no Web Audio', () => {
    delete (window as unknown as { AudioContext?: unknown }).AudioContext;
    expect(playSound('move')).toBe(false);
  });

  it('tell a capture, a check and a plain move apart', () => {
    expect(soundOfMove('Nf3')).toBe('move');
    expect(soundOfMove('exd5')).toBe('capture');
    expect(soundOfMove('Qxf7+')).toBe('check');
    expect(soundOfMove('Qh4#')).toBe('check');
  });

  it("sound a puzzle's moves and a wrong answer, and nothing once switched off", async () => {
    const user = userEvent.setup();
    render(
      <PuzzleTrainer
        puzzle={{ id: 'p', fen: START_E4, moves: ['e7e5', 'g1f3', 'b8c6', 'f1b5'] }}
        openingDelayMs={0}
        replyDelayMs={0}
      />,
    );
    await screen.findByText('Your turn: find the best move for White.');
    const first = (name: keyof typeof SOUND_TONES) => SOUND_TONES[name][0]!.from;
    expect(started).toEqual([first('move')]);
    await typeMove(user, 'd4');
    expect(started.slice(-SOUND_TONES.wrong.length)).toEqual(SOUND_TONES.wrong.map((tone) => tone.from));
    started = [];
    await typeMove(user, 'Nf3');
    // The move, then the reply.
    await screen.findByText(/Your move\./, undefined, { timeout: 4000 });
    expect(started).toEqual([first('move'), first('move')]);
    started = [];
    changeBoardPreferences({ sounds: false });
    await typeMove(user, 'Bb5');
    expect(started).toEqual([]);
  });

  it('play a right answer when a puzzle is solved', async () => {
    const user = userEvent.setup();
    render(
      <PuzzleTrainer
        puzzle={{ id: 'q', fen: START_E4, moves: ['e7e5', 'g1f3'] }}
        openingDelayMs={0}
        replyDelayMs={0}
      />,
    );
    await screen.findByText('Your turn: find the best move for White.');
    started = [];
    await typeMove(user, 'Nf3');
    expect(started).toEqual(SOUND_TONES.right.map((tone) => tone.from));
  });
});

// After 1.e4, Black to move.
const START_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
