// Loads the day's puzzle (each page that shows it asks again, as the day changes at midnight UTC;
// the answer shown stays while the new one comes) and a signed-in member's puzzle standing.
// Neither failure toasts: home shows nothing then, and the puzzles pages say so in place.
import { call, put, select, takeLatest } from 'redux-saga/effects';
import { api } from '../../api/endpoints';
import { takeNamedRequest } from '../request';
import { selectIsSignedIn } from '../auth-slice';
import { puzzleStandingSlice, standingFailed, standingLoaded, standingRequested } from './standing-slice';
import type { PuzzleStanding } from '../../api/contract';

function* loadStanding() {
  const member: boolean = yield select(selectIsSignedIn);
  if (!member) return;
  try {
    const standing: PuzzleStanding = yield call(api.puzzleStanding);
    yield put(standingLoaded(standing));
  } catch (error) {
    console.error('Puzzle standing fetch failed', error);
    yield put(standingFailed());
  }
}

export function* puzzleStandingSaga() {
  yield takeNamedRequest(puzzleStandingSlice.actions, 'daily', {
    what: 'Daily puzzle',
    fetch: api.dailyPuzzle,
    take: 'leading',
  });
  yield takeLatest(standingRequested.type, loadStanding);
}
