// The day's puzzle and a member's puzzle standing (rating and its history, streak, review queue,
// what is left of the day's free puzzles): the puzzles pages and home's daily puzzle show them
// (client/README.md: Puzzles).
import { createSlice } from '@reduxjs/toolkit';
import type { DailyPuzzle, PuzzleStanding } from '../api/contract';
import { requestCases, requestState, type RequestState } from '../lib/request';
import { loggedOut, refreshFailed, signedIn } from './auth-slice';

export interface PuzzleStandingState {
  daily: RequestState<DailyPuzzle>;
  standing: RequestState<PuzzleStanding>;
}

const initialState = (): PuzzleStandingState => ({
  daily: requestState<DailyPuzzle>(),
  standing: requestState<PuzzleStanding>(),
});

export const puzzleStandingSlice = createSlice({
  name: 'puzzleStanding',
  initialState,
  reducers: {
    ...requestCases('daily', (state: PuzzleStandingState) => state.daily),
    ...requestCases('standing', (state: PuzzleStandingState) => state.standing),
  },
  extraReducers: (builder) => {
    // The standing is one member's: another viewer starts without it.
    const forget = (state: PuzzleStandingState) => {
      state.standing = requestState<PuzzleStanding>();
    };
    builder.addCase(signedIn, forget).addCase(loggedOut, forget).addCase(refreshFailed, forget);
  },
});

export const { dailyRequested, dailyLoaded, dailyFailed, standingRequested, standingLoaded, standingFailed } =
  puzzleStandingSlice.actions;

type WithStanding = { puzzleStanding: PuzzleStandingState };
export const selectDailyPuzzle = (state: WithStanding) => state.puzzleStanding.daily;
export const selectPuzzleStanding = (state: WithStanding) => state.puzzleStanding.standing;

/** Puzzles of the member's review due by midnight UTC (exercises included), 0 when unknown. */
export const selectReviewDueToday = (state: WithStanding) => state.puzzleStanding.standing.data?.review.due_today ?? 0;
