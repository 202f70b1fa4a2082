// Session side effects: restoring a stored session, profile fetch, guest mode, logout.
import { call, put, select, takeLatest } from 'redux-saga/effects';
import { api } from '../api/endpoints';
import type { User } from '../api/types';
import { browser } from '../lib/browser';
import { storage } from '../lib/storage';
import {
  type AuthState,
  loggedOut,
  logoutRequested,
  needsUpgrade,
  profileFailed,
  profileLoaded,
  profileRequested,
  refreshFailed,
  sessionStarted,
  signedIn,
} from './auth-slice';
import { subscriptionChanged } from './events';

function* startSession(action: ReturnType<typeof sessionStarted>) {
  const auth: AuthState = yield select((state: { auth: AuthState }) => state.auth);
  // A stored user has a refresh cookie: the profile call refreshes the token on its 401.
  if (action.payload.embeddedToken || auth.user) {
    yield put(profileRequested());
  }
}

function* fetchProfile() {
  const before: User | null = yield select((state: { auth: AuthState }) => state.auth.user);
  try {
    const user: User = yield call(api.profile);
    yield call(storage.writeUser, user);
    yield put(profileLoaded(user));
    if (before && needsUpgrade(before) !== needsUpgrade(user)) {
      yield put(subscriptionChanged());
    }
  } catch (error) {
    console.error('Profile fetch failed', error);
    yield call(storage.writeUser, null);
    yield put(profileFailed());
  }
}

function* enterGuestMode() {
  yield call(storage.writeUser, null);
  yield call(storage.writeGuest, true);
}

function* rememberSignIn(action: ReturnType<typeof signedIn>) {
  yield call(storage.writeUser, action.payload.user);
  yield call(storage.writeGuest, false);
}

function* logout() {
  try {
    yield call(api.logout);
  } catch (error) {
    // The session ends locally either way.
    console.error('Logout call failed', error);
  }
  yield call(storage.writeUser, null);
  yield put(loggedOut());
  yield call(browser.reload);
}

export function* authSaga() {
  yield takeLatest(sessionStarted.type, startSession);
  yield takeLatest(profileRequested.type, fetchProfile);
  yield takeLatest(refreshFailed.type, enterGuestMode);
  yield takeLatest(signedIn.type, rememberSignIn);
  yield takeLatest(logoutRequested.type, logout);
}
