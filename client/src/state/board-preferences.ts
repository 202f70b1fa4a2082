// The player's board preferences on this device: theme, piece set and sounds, read by every board.
// A store outside Redux: the boards live in their own chunk and are rendered without the app's
// store (lessons' tests, the review), and a guest's choice has nowhere else to live. This device
// keeps the last choice in localStorage; for a member, state/board-preferences-saga.ts loads
// theirs from the BFF on sign-in and saves each change there.
import { useSyncExternalStore } from 'react';
import { storage } from '../lib/storage';
import { type BoardThemeName, isBoardTheme, isPieceSet, type PieceSetName } from '../lib/board-themes';

export interface BoardPreferences {
  boardTheme: BoardThemeName;
  pieceSet: PieceSetName;
  /** null: this device's default (on at a computer, off on a touch screen). */
  sounds: boolean | null;
}

export const DEFAULT_BOARD_PREFERENCES: BoardPreferences = { boardTheme: 'violet', pieceSet: 'classic', sounds: null };

/** What storage or the API holds, with anything unknown (an older or newer name) left at its default. */
export function readBoardPreferences(value: unknown): BoardPreferences {
  const raw = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const theme = raw.boardTheme ?? raw.board_theme;
  const pieces = raw.pieceSet ?? raw.piece_set;
  return {
    boardTheme: isBoardTheme(theme) ? theme : DEFAULT_BOARD_PREFERENCES.boardTheme,
    pieceSet: isPieceSet(pieces) ? pieces : DEFAULT_BOARD_PREFERENCES.pieceSet,
    sounds: typeof raw.sounds === 'boolean' ? raw.sounds : null,
  };
}

let current: BoardPreferences = readBoardPreferences(storage.readBoardPreferences());
const listeners = new Set<() => void>();

export function boardPreferences(): BoardPreferences {
  return current;
}

/** Changes some preferences on this device (kept in localStorage) and redraws the boards. */
export function changeBoardPreferences(change: Partial<BoardPreferences>): BoardPreferences {
  current = { ...current, ...change };
  storage.writeBoardPreferences(current);
  for (const listener of listeners) listener();
  return current;
}

/** Forgets what this module read (tests start each from storage). */
export function reloadBoardPreferences(): void {
  current = readBoardPreferences(storage.readBoardPreferences());
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useBoardPreferences(): BoardPreferences {
  return useSyncExternalStore(subscribe, boardPreferences, boardPreferences);
}

/** A phone or tablet: its silent switch is out of a page's sight, so sounds start off there. */
export function isTouchDevice(): boolean {
  if (typeof window === 'undefined') return false;
  if (typeof window.matchMedia === 'function') return window.matchMedia('(pointer: coarse)').matches;
  return (navigator.maxTouchPoints ?? 0) > 0;
}

/** Whether the boards make sounds: the player's choice, else on at a computer, off on a phone. */
export function soundsOn(preferences: BoardPreferences = current): boolean {
  return preferences.sounds ?? !isTouchDevice();
}
