// The one root saga: starts every feature saga, then announces that the app has started and
// starts the session (an embedded view brings `embedded` and `token` in the query).
import { fork, put } from 'redux-saga/effects';
import type { Saga } from 'redux-saga';
import { accountSaga } from '../features/account/sagas';
import { articlesSaga } from '../features/articles/sagas';
import { footerSaga } from '../features/footer/sagas';
import { grandChessTourSaga } from '../features/grand-chess-tour/sagas';
import { homeSaga } from '../features/home/sagas';
import { legalSaga } from '../features/legal/sagas';
import { lessonsSaga } from '../features/lessons/sagas';
import { masterclassSaga } from '../features/masterclass/sagas';
import { programsSaga } from '../features/programs/sagas';
import { puzzleDashboardSaga } from '../state/puzzles/dashboard-sagas';
import { puzzlesSaga } from '../state/puzzles/sagas';
import { searchSaga } from '../features/search/sagas';
import { upgradeSaga } from '../features/upgrade/sagas';
import { videosSaga } from '../features/videos/sagas';
import { analyticsSaga } from '../state/analytics-saga';
import { authSaga } from '../state/auth-sagas';
import { boardPreferencesSaga } from '../state/board-preferences-saga';
import { cardProgressSaga } from '../state/card-progress-saga';
import { sessionStarted } from '../state/auth-slice';
import { consentSaga } from '../state/consent-saga';
import { embeddedToken } from './embedded-view';
import { learningSaga } from '../state/learning-saga';
import { listTextsSaga } from '../state/list-texts-saga';
import { plansSaga } from '../state/plans-saga';
import { playbackSaga } from '../state/playback-saga';
import { purchaseSaga } from '../state/purchase-saga';
import { puzzleStandingSaga } from '../state/puzzles/standing-saga';
import { offlineSaga } from '../state/offline-saga';
import { toastSaga } from '../state/toast-saga';
import { writeQueueSaga } from '../state/write-queue-saga';
import { appStarted } from './app-slice';

export const featureSagas: Saga[] = [
  authSaga,
  toastSaga,
  offlineSaga,
  consentSaga,
  footerSaga,
  homeSaga,
  articlesSaga,
  lessonsSaga,
  masterclassSaga,
  videosSaga,
  programsSaga,
  grandChessTourSaga,
  legalSaga,
  searchSaga,
  upgradeSaga,
  listTextsSaga,
  plansSaga,
  purchaseSaga,
  playbackSaga,
  learningSaga,
  writeQueueSaga,
  puzzleStandingSaga,
  puzzlesSaga,
  puzzleDashboardSaga,
  cardProgressSaga,
  accountSaga,
  boardPreferencesSaga,
  analyticsSaga,
];

export function* rootSaga() {
  for (const saga of featureSagas) {
    yield fork(saga);
  }
  // Last, so that watchers can react to app/started (initial loads).
  yield put(appStarted());
  yield put(sessionStarted({ embeddedToken: embeddedToken(window.location.search) }));
}
