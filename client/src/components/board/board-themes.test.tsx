// The boards' colour themes and piece sets: each theme's last move and check stand out from its
// squares, every board takes the player's theme and pieces, and the choice survives a reload.
import { act, render } from '@testing-library/react';
import {
  boardPreferences,
  changeBoardPreferences,
  DEFAULT_BOARD_PREFERENCES,
  readBoardPreferences,
  reloadBoardPreferences,
} from '../../state/board-preferences';
import { BOARD_THEME_NAMES, BOARD_THEMES } from '../../lib/board-themes';
import { BoardPreview } from './BoardPreview';
import { PlayBoard } from './PlayBoard';
import { START, square } from './board-test-support';

function rgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

const distance = (a: string, b: string) => {
  const [x, y] = [rgb(a), rgb(b)];
  return Math.hypot(x[0] - y[0], x[1] - y[1], x[2] - y[2]);
};

/** WCAG's contrast ratio of two colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b2] = rgb(hex).map((channel) => {
      const c = channel / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b2;
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

const CHECK_RED = '#e61e1e';

beforeEach(() => {
  window.localStorage.clear();
  changeBoardPreferences(DEFAULT_BOARD_PREFERENCES);
});

describe('board themes', () => {
  it.each(BOARD_THEME_NAMES)('%s: the last move and a check stand out from the squares', (name) => {
    const theme = BOARD_THEMES[name];
    for (const last of [theme.lastLight, theme.lastDark]) {
      expect(distance(last, theme.light)).toBeGreaterThan(60);
      expect(distance(last, theme.dark)).toBeGreaterThan(60);
    }
    for (const squareColour of [theme.light, theme.dark, theme.lastLight, theme.lastDark]) {
      expect(distance(CHECK_RED, squareColour)).toBeGreaterThan(120);
    }
    // The files and ranks can be read on their squares.
    expect(contrast(theme.coordinateOnLight, theme.light)).toBeGreaterThanOrEqual(3);
    expect(contrast(theme.coordinateOnDark, theme.dark)).toBeGreaterThanOrEqual(2.5);
  });

  it("colours every board in the player's theme and draws their pieces", () => {
    const { container } = render(<PlayBoard fen={START} />);
    const frame = container.querySelector<HTMLElement>('.board-frame')!;
    expect(frame.dataset.boardTheme).toBe('violet');
    expect(square(container, 'e1').querySelector('svg')?.dataset.pieceSet).toBe('classic');
    act(() => void changeBoardPreferences({ boardTheme: 'green', pieceSet: 'flat' }));
    expect(frame.dataset.boardTheme).toBe('green');
    expect(frame.style.getPropertyValue('--board-light')).toBe(BOARD_THEMES.green.light);
    expect(frame.style.getPropertyValue('--board-last-dark')).toBe(BOARD_THEMES.green.lastDark);
    expect(square(container, 'e1').querySelector('svg')?.dataset.pieceSet).toBe('flat');
  });

  it('previews a theme and a set whatever is chosen', () => {
    const { container } = render(<BoardPreview theme="brown" pieces="flat" />);
    const frame = container.querySelector<HTMLElement>('.board-preview')!;
    expect(frame.style.getPropertyValue('--board-dark')).toBe(BOARD_THEMES.brown.dark);
    expect(square(container, 'f7')).toHaveClass('board__square--last');
    expect(square(container, 'e8')).toHaveClass('board__square--check');
    expect(square(container, 'f7').querySelector('svg')?.dataset.pieceSet).toBe('flat');
    expect(container.querySelectorAll('svg')).toHaveLength(31);
  });

  it('keeps the choice on this device, and reads only what it knows', () => {
    changeBoardPreferences({ boardTheme: 'blue', sounds: false });
    expect(JSON.parse(window.localStorage.getItem('boardPreferences') ?? '{}')).toEqual({
      boardTheme: 'blue',
      pieceSet: 'classic',
      sounds: false,
    });
    window.localStorage.setItem('boardPreferences', JSON.stringify({ boardTheme: 'brown', pieceSet: 'cburnett' }));
    reloadBoardPreferences();
    expect(boardPreferences()).toEqual({ boardTheme: 'brown', pieceSet: 'classic', sounds: null });
    // The API's names read the same.
    expect(readBoardPreferences({ board_theme: 'green', piece_set: 'flat', sounds: true })).toEqual({
      boardTheme: 'green',
      pieceSet: 'flat',
      sounds: true,
    });
    expect(readBoardPreferences(null)).toEqual(DEFAULT_BOARD_PREFERENCES);
  });
});
