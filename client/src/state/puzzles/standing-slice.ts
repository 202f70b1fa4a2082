// The day's puzzle and a member's puzzle standing (rating and its history, streak, review queue,
// what is left of the day's free puzzles): the puzzles pages and home's daily puzzle show them
// (client/README.md: Puzzles). The day's puzzle says whether the member played and solved it:
// their attempt at it, once recorded, says so at once (home's card, before it is asked again).
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { DailyPuzzle, PuzzleOutcome, PuzzleStanding } from '../../api/contract';
import { requestCases, requestState, type RequestState } from '../request';
import { loggedOut, refreshFailed, signedIn } from '../auth-slice';

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
    /** The member's attempt at the day's puzzle is recorded (once solved today, it stays so). */
    dailyPlayed(state, action: PayloadAction<PuzzleOutcome>) {
      const daily = state.daily.data;
      if (!daily || daily.id !== action.payload.puzzle_id) return;
      daily.played = true;
      daily.solved = Boolean(daily.solved) || action.payload.solved;
    },
  },
  extraReducers: (builder) => {
    // The standing, and whether the day's puzzle was played, are one member's: another viewer
    // starts without them (each page that shows the day's puzzle asks for it again).
    const forget = (state: PuzzleStandingState) => {
      state.standing = requestState<PuzzleStanding>();
      if (state.daily.data) {
        state.daily.data.played = false;
        state.daily.data.solved = null;
      }
    };
    builder.addCase(signedIn, forget).addCase(loggedOut, forget).addCase(refreshFailed, forget);
  },
});

export const {
  dailyRequested,
  dailyLoaded,
  dailyFailed,
  dailyPlayed,
  standingRequested,
  standingLoaded,
  standingFailed,
} = puzzleStandingSlice.actions;

type WithStanding = { puzzleStanding: PuzzleStandingState };
export const selectDailyPuzzle = (state: WithStanding) => state.puzzleStanding.daily;
export const selectPuzzleStanding = (state: WithStanding) => state.puzzleStanding.standing;

/** Puzzles of the member's review due by midnight UTC (exercises included), 0 when unknown. */
export const selectReviewDueToday = (state: WithStanding) => state.puzzleStanding.standing.data?.review.due_today ?? 0;
