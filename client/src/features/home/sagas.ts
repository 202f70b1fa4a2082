// Loads the home data when not loaded yet, and again after a sign-in or a subscription change;
// and a signed-in member's continue-learning row.
import { put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import { api } from '../../api/endpoints';
import { failedWithToast, takeNamedRequest, takeRequest } from '../../state/request';
import { profileLoaded, signedIn } from '../../state/auth-slice';
import { subscriptionChanged } from '../../state/events';
import { CONTINUE_LIMIT, continueSlice } from './continue-slice';
import { homeFailed, homeLoaded, homeLoadStarted, homeRequested, type HomeState } from './slice';

const selectHomeState = (state: { home: HomeState }) => state.home;

function* loadIfNeeded() {
  const home: HomeState = yield select(selectHomeState);
  if (home.status === 'idle' || home.status === 'failed') yield put(homeLoadStarted());
}

function* reloadIfLoaded() {
  const home: HomeState = yield select(selectHomeState);
  // Locks depend on the viewer: what was loaded for the previous viewer is stale.
  if (home.status !== 'idle') yield put(homeLoadStarted());
}

export function* homeSaga() {
  // Latest: a reload for a new viewer replaces a load still running for the previous one.
  yield takeRequest(homeLoadStarted, {
    what: 'Home',
    fetch: () => api.home(),
    loaded: homeLoaded,
    failed: failedWithToast(homeFailed, 'home'),
  });
  // Leading: a second request while the first load runs (the page asking for data that
  // app/preload.ts already asked for) must not cancel it.
  yield takeLeading(homeRequested.type, loadIfNeeded);
  yield takeLatest([signedIn.type, subscriptionChanged.type, profileLoaded.type], reloadIfLoaded);
  // The member's continue-learning row: without it home shows as it would anyway, so no toast.
  yield takeNamedRequest(continueSlice.actions, 'continue', {
    what: 'Continue learning',
    fetch: () => api.continueLearning(CONTINUE_LIMIT),
  });
}
