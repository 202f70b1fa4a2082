// The boards' colour themes and piece sets a player may choose (My account, Board), and the
// custom properties a theme gives the board (board.css reads them). The names are the API's
// (GET/PATCH /users/preferences): the first of each is the default.
import type { CSSProperties } from 'react';

export interface BoardTheme {
  name: BoardThemeName;
  label: string;
  light: string;
  dark: string;
  /** The last move's squares: a hue apart from both square colours, so it reads at a glance. */
  lastLight: string;
  lastDark: string;
  /** The files and ranks drawn on light and dark squares. */
  coordinateOnLight: string;
  coordinateOnDark: string;
}

export const BOARD_THEME_NAMES = ['violet', 'brown', 'blue', 'green'] as const;
export type BoardThemeName = (typeof BOARD_THEME_NAMES)[number];

export const PIECE_SET_NAMES = ['classic', 'flat'] as const;
export type PieceSetName = (typeof PIECE_SET_NAMES)[number];

export const BOARD_THEMES: Record<BoardThemeName, BoardTheme> = {
  // The brand's violets, with the last move in the warm yellow that complements them.
  violet: {
    name: 'violet',
    label: 'Violet',
    light: '#f1ecff',
    dark: '#9d85ec',
    lastLight: '#f6ea9e',
    lastDark: '#d8c25f',
    coordinateOnLight: '#6b52c8',
    coordinateOnDark: '#ffffff',
  },
  brown: {
    name: 'brown',
    label: 'Brown',
    light: '#eed8b6',
    dark: '#a97a55',
    lastLight: '#f4ee7a',
    lastDark: '#c7b93a',
    coordinateOnLight: '#8a6142',
    coordinateOnDark: '#fbf1e1',
  },
  blue: {
    name: 'blue',
    label: 'Blue',
    light: '#e2e9ef',
    dark: '#7896ad',
    lastLight: '#f6e58a',
    lastDark: '#cbb34f',
    coordinateOnLight: '#4d6a80',
    coordinateOnDark: '#f4f8fb',
  },
  // Yellow would hardly show on the cream squares: the last move is a sky blue here.
  green: {
    name: 'green',
    label: 'Green',
    light: '#eeeed2',
    dark: '#6f9350',
    lastLight: '#a9d4f5',
    lastDark: '#5e9fd0',
    coordinateOnLight: '#55743c',
    coordinateOnDark: '#f7f7e6',
  },
};

export const PIECE_SETS: Record<PieceSetName, { name: PieceSetName; label: string }> = {
  classic: { name: 'classic', label: 'Classic' },
  flat: { name: 'flat', label: 'Flat' },
};

export const isBoardTheme = (value: unknown): value is BoardThemeName =>
  typeof value === 'string' && (BOARD_THEME_NAMES as readonly string[]).includes(value);

export const isPieceSet = (value: unknown): value is PieceSetName =>
  typeof value === 'string' && (PIECE_SET_NAMES as readonly string[]).includes(value);

/** The custom properties board.css colours a board with. */
export function boardThemeStyle(name: BoardThemeName): CSSProperties {
  const theme = BOARD_THEMES[name];
  return {
    '--board-light': theme.light,
    '--board-dark': theme.dark,
    '--board-last-light': theme.lastLight,
    '--board-last-dark': theme.lastDark,
    '--board-coordinate-light': theme.coordinateOnLight,
    '--board-coordinate-dark': theme.coordinateOnDark,
  } as CSSProperties;
}
