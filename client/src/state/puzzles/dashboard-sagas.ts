// The dashboard's calls: a window when it is shown, and the one shown again after each attempt
// recorded (its figures moved). A failure is the dashboard's own state, not a toast.
import { put, select, takeLatest } from 'redux-saga/effects';
import type { PuzzleDashboard } from '../../api/contract';
import { api } from '../../api/endpoints';
import { takeRequest } from '../request';
import {
  dashboardFailed,
  dashboardLoaded,
  dashboardRequested,
  type DashboardDays,
  type DashboardState,
} from './dashboard-slice';
import { attemptRecorded } from './slice';

function* refreshShown() {
  const { days, windows }: DashboardState = yield select(
    (state: { puzzleDashboard: DashboardState }) => state.puzzleDashboard,
  );
  // Only once the page has asked for it: the dashboard is on /puzzles alone.
  if (windows[String(days)]) yield put(dashboardRequested(String(days)));
}

export function* puzzleDashboardSaga() {
  yield takeRequest(dashboardRequested, {
    what: 'Puzzle dashboard',
    fetch: (action) => api.puzzleDashboard(Number(action.payload) as DashboardDays),
    loaded: (data: PuzzleDashboard, action) => dashboardLoaded({ key: action.payload, data }),
    failed: (_error, action) => dashboardFailed(action.payload),
  });
  yield takeLatest(attemptRecorded.type, refreshShown);
}
