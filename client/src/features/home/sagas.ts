// Loads the home data when not loaded yet, and again after a sign-in or a subscription change.
import { call, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import { api, type ApiAnswer } from '../../api/endpoints';
import { profileLoaded, signedIn } from '../../session/auth-slice';
import { subscriptionChanged } from '../../session/events';
import { toastShown } from '../../session/toast-slice';
import { type HomeState, homeFailed, homeLoaded, homeLoadStarted, homeRequested } from './slice';

const selectHomeState = (state: { home: HomeState }) => state.home;

export function* fetchHome() {
  yield put(homeLoadStarted());
  try {
    const data: ApiAnswer<'home'> = yield call(api.home);
    yield put(homeLoaded(data));
  } catch (error) {
    console.error('Home fetch failed', error);
    yield put(homeFailed());
    yield put(toastShown({ type: 'error', action: 'fetch', key: 'home' }));
  }
}

function* loadIfNeeded() {
  const home: HomeState = yield select(selectHomeState);
  if (home.status === 'idle' || home.status === 'failed') yield call(fetchHome);
}

function* reloadIfLoaded() {
  const home: HomeState = yield select(selectHomeState);
  // Locks depend on the viewer: what was loaded for the previous viewer is stale.
  if (home.status !== 'idle') yield call(fetchHome);
}

export function* homeSaga() {
  // Leading: a second request while the first load runs (the page asking for data that
  // app/preload.ts already asked for) must not cancel it.
  yield takeLeading(homeRequested.type, loadIfNeeded);
  yield takeLatest([signedIn.type, subscriptionChanged.type, profileLoaded.type], reloadIfLoaded);
}
