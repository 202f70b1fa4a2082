// The puzzle dashboard (client/README.md: Puzzles): the window chosen (7, 30 or 90 days) and each
// window's answer, kept while it is asked again (after an attempt, or when chosen again).
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PuzzleDashboard } from '../../api/contract';
import { keyedRequestCases, type RequestState } from '../request';
import { loggedOut, refreshFailed, signedIn } from '../auth-slice';

export const DASHBOARD_DAYS = [7, 30, 90] as const;
export type DashboardDays = (typeof DASHBOARD_DAYS)[number];

export interface DashboardState {
  days: DashboardDays;
  /** By window, its days as the key ('30'). */
  windows: Record<string, RequestState<PuzzleDashboard>>;
}

const initialState = (): DashboardState => ({ days: 30, windows: {} });

export const puzzleDashboardSlice = createSlice({
  name: 'puzzleDashboard',
  initialState,
  reducers: {
    dashboardDaysChosen(state, action: PayloadAction<DashboardDays>) {
      state.days = action.payload;
    },
    ...keyedRequestCases('dashboard', (state: DashboardState) => state.windows),
  },
  extraReducers: (builder) => {
    // Another viewer: the figures were the previous one's.
    builder.addCase(signedIn, initialState).addCase(loggedOut, initialState).addCase(refreshFailed, initialState);
  },
});

export const { dashboardDaysChosen, dashboardRequested, dashboardLoaded, dashboardFailed } =
  puzzleDashboardSlice.actions;

export const selectPuzzleDashboard = (state: { puzzleDashboard: DashboardState }) => state.puzzleDashboard;
