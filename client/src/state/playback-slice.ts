// What the video player tells of a member's watching, and where they stopped in each item
// (docs/learning-and-puzzles.md, Continue learning). The player's events are announced here; playback-saga.ts reports
// them to the BFF and asks for the saved places that the player offers to resume at.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { WatchItemType, WatchPosition } from '../api/contract';
import { keyedRequestCases, type RequestState } from './request';

/** A watchable item as the BFF names it: 'lesson_chapter' '7:2', 'video' '3', ... */
export interface PlaybackItem {
  type: WatchItemType;
  id: string;
}

/** Where the player is in an item: seconds, and the video's length as the player knows it. */
export interface PlaybackEvent {
  item: PlaybackItem;
  position: number;
  duration: number;
}

export interface PlaybackState {
  /** The saved places by item key (`itemKey`), asked for when an item opens. */
  positions: Record<string, RequestState<WatchPosition>>;
  /** Where each playing item's player is, in seconds, as it last told (the board follows it). */
  times: Record<string, number>;
  /** A place the page asked the item's player to go to; `n` tells two asks for one place apart. */
  seeks: Record<string, { at: number; n: number }>;
}

/** Resume is offered from this many seconds in: a few seconds watched is not a place to keep. */
export const RESUME_FROM_SECONDS = 5;

export function itemKey(item: PlaybackItem): string {
  return `${item.type}/${item.id}`;
}

export function itemFromKey(key: string): PlaybackItem {
  const slash = key.indexOf('/');
  return { type: key.slice(0, slash) as WatchItemType, id: key.slice(slash + 1) };
}

/** A saved place worth offering: started, not completed, and past the first seconds. */
export function resumableAt(position: WatchPosition | null | undefined): number | null {
  if (!position || !position.started || position.completed) return null;
  return position.position >= RESUME_FROM_SECONDS ? position.position : null;
}

function keepTime(state: PlaybackState, action: PayloadAction<PlaybackEvent>) {
  state.times[itemKey(action.payload.item)] = action.payload.position;
}

export const playbackSlice = createSlice({
  name: 'playback',
  initialState: (): PlaybackState => ({ positions: {}, times: {}, seeks: {} }),
  reducers: {
    /** An item opened for a signed-in member: its saved place is asked for (key: itemKey). */
    ...keyedRequestCases('position', (state: PlaybackState) => state.positions),
    /** The item closed before it played: opening it again asks for its place anew. */
    positionForgotten(state, action: PayloadAction<string>) {
      delete state.positions[action.payload];
    },
    /** The host's player started or resumed playing. */
    playbackStarted: keepTime,
    /** The host's player moved on (at most once a second). */
    playbackProgressed: keepTime,
    playbackPaused: keepTime,
    playbackEnded: keepTime,
    /** The player went away: another page, another item, or the member left the site. */
    playbackLeft(state, action: PayloadAction<PlaybackItem>) {
      // Its place has moved on: opening the item again asks for it anew.
      const key = itemKey(action.payload);
      delete state.positions[key];
      delete state.times[key];
      delete state.seeks[key];
    },
    /** The page asks the item's player to go to `at` seconds (a key position tapped). */
    seekRequested(state, action: PayloadAction<{ key: string; at: number }>) {
      const { key, at } = action.payload;
      state.seeks[key] = { at, n: (state.seeks[key]?.n ?? 0) + 1 };
    },
  },
});

export const {
  positionRequested,
  positionLoaded,
  positionFailed,
  positionForgotten,
  playbackStarted,
  playbackProgressed,
  playbackPaused,
  playbackEnded,
  playbackLeft,
  seekRequested,
} = playbackSlice.actions;

export const selectSavedPosition = (state: { playback: PlaybackState }, key: string) => state.playback.positions[key];

/** Seconds played by the item's player, or null when it has told nothing yet. */
export const selectPlayerTime = (state: { playback: PlaybackState }, key: string): number | null =>
  state.playback.times[key] ?? null;

export const selectSeek = (state: { playback: PlaybackState }, key: string) => state.playback.seeks[key];
