// The one root saga: starts every feature saga, then announces that the app has started.
import { fork, put } from 'redux-saga/effects';
import type { Saga } from 'redux-saga';
import { appStarted } from './app-slice';

// Feature watchers (features/<name>/sagas.ts) are listed here as features arrive.
export const featureSagas: Saga[] = [];

export function* rootSaga() {
  for (const saga of featureSagas) {
    yield fork(saga);
  }
  // Last, so that watchers can react to app/started (initial loads).
  yield put(appStarted());
}
