// Asks again for the loads that failed offline (offline-slice.ts): when Retry is pressed, and
// when the browser says it is back online.
import type { UnknownAction } from '@reduxjs/toolkit';
import { eventChannel } from 'redux-saga';
import { call, put, select, takeEvery, takeLeading } from 'redux-saga/effects';
import { offlineCleared, offlineRetryAsked, selectOfflineFailures } from './offline-slice';

function* askAgain() {
  const failed: UnknownAction[] = yield select(selectOfflineFailures);
  if (failed.length === 0) return;
  yield put(offlineCleared());
  // A copy: what the store keeps is frozen, and the saga middleware marks what it puts.
  for (const request of failed) yield put({ ...request });
}

function backOnline() {
  return eventChannel<true>((emit) => {
    const online = () => emit(true);
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  });
}

export function* offlineSaga() {
  yield takeLeading(offlineRetryAsked.type, askAgain);
  const channel: ReturnType<typeof backOnline> = yield call(backOnline);
  yield takeEvery(channel, askAgain);
}
