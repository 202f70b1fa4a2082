// Session side effects: restoring a stored session, profile fetch and updates, guest mode, the
// redirect after login, logout.
import { call, put, select, takeLatest } from 'redux-saga/effects';
import { restoreSession } from '../api/client';
import { api, type ApiAnswer } from '../api/endpoints';
import type { User } from '../api/contract';
import { browser } from '../lib/browser';
import { storage } from '../lib/storage';
import { forgetMemberAnswers } from '../lib/offline';
import {
  type AuthState,
  avatarUpdateRequested,
  avatarUpdated,
  loggedOut,
  logoutRequested,
  needsUpgrade,
  profileFailed,
  profileLoaded,
  profileRequested,
  profileUpdated,
  profileUpdateFailed,
  profileUpdateRequested,
  redirectAfterLoginChosen,
  refreshFailed,
  sessionEnded,
  sessionStarted,
  signedIn,
} from './auth-slice';
import { subscriptionChanged } from './events';
import { modalOpened } from './modal-slice';
import { toastShown } from './toast-slice';

function* startSession(action: ReturnType<typeof sessionStarted>) {
  const auth: AuthState = yield select((state: { auth: AuthState }) => state.auth);
  if (!action.payload.embeddedToken && auth.user && !auth.accessToken) {
    // A stored user has a refresh cookie but no token (tokens live in memory): refresh first, so
    // that the page's first content calls wait for the token rather than go out as a guest's.
    // A failed refresh has already made a guest (refreshFailed): no profile to ask for.
    const access: string | null = yield call(restoreSession);
    if (!access) return;
  }
  if (action.payload.embeddedToken || auth.user) {
    yield put(profileRequested());
  }
}

function* fetchProfile() {
  const before: User | null = yield select((state: { auth: AuthState }) => state.auth.user);
  try {
    const user: ApiAnswer<'profile'> = yield call(api.profile);
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

/** A session that ended during a visit: say so, offer the login overlay, and come back to this
 * page once signed in. */
function* tellSessionEnded() {
  yield put(toastShown({ type: 'error', action: 'login', key: 'sessionEnded' }));
  yield put(redirectAfterLoginChosen(window.location.pathname + window.location.search));
  yield put(modalOpened('login'));
}

function* enterGuestMode() {
  yield call(forgetMemberAnswers);
  yield call(storage.writeUser, null);
  yield call(storage.writeGuest, true);
}

function* rememberSignIn(action: ReturnType<typeof signedIn>) {
  yield call(storage.writeUser, action.payload.user);
  yield call(storage.writeGuest, false);
}

function* rememberRedirect(action: ReturnType<typeof redirectAfterLoginChosen>) {
  yield call(storage.writeRedirect, action.payload);
}

// A profile update success clears the redirect after login (client/README.md: Account screens).
function* afterProfileUpdate() {
  const user: User | null = yield select((state: { auth: AuthState }) => state.auth.user);
  yield call(storage.writeUser, user);
  yield call(storage.writeRedirect, null);
}

function* reportProfileUpdateFailure(error: unknown) {
  console.error('Profile update failed', error);
  yield put(profileUpdateFailed());
  yield put(toastShown({ type: 'error', action: 'update', key: 'session' }));
}

function* updateNames(action: ReturnType<typeof profileUpdateRequested>) {
  try {
    const user: ApiAnswer<'updateProfile'> = yield call(api.updateProfile, action.payload);
    yield put(profileUpdated({ firstname: user.firstname, lastname: user.lastname }));
    yield call(afterProfileUpdate);
  } catch (error) {
    yield call(reportProfileUpdateFailure, error);
  }
}

function* updateAvatar(action: ReturnType<typeof avatarUpdateRequested>) {
  try {
    const user: ApiAnswer<'updateAvatar'> = yield call(api.updateAvatar, action.payload);
    yield put(avatarUpdated(user.avatar?.src ?? null));
    yield call(afterProfileUpdate);
  } catch (error) {
    yield call(reportProfileUpdateFailure, error);
  }
}

function* logout() {
  try {
    yield call(api.logout);
  } catch (error) {
    // The session ends locally either way.
    console.error('Logout call failed', error);
  }
  yield call(forgetMember);
  yield put(loggedOut());
  yield call(browser.reload);
}

/** What this browser keeps of a member, forgotten at sign-out or when the account is deleted: the
 * stored user, the redirect after login, the newsletter flag (the next visitor of this browser may
 * be someone else: README) and the member's answers kept for offline reading. */
export function* forgetMember() {
  yield call(storage.writeUser, null);
  yield call(storage.writeRedirect, null);
  yield call(storage.writeNewsletterSubscribed, false);
  yield call(forgetMemberAnswers);
}

export function* authSaga() {
  yield takeLatest(sessionStarted.type, startSession);
  yield takeLatest(profileRequested.type, fetchProfile);
  yield takeLatest(refreshFailed.type, enterGuestMode);
  yield takeLatest(sessionEnded.type, tellSessionEnded);
  yield takeLatest(signedIn.type, rememberSignIn);
  yield takeLatest(logoutRequested.type, logout);
  yield takeLatest(redirectAfterLoginChosen.type, rememberRedirect);
  yield takeLatest(profileUpdateRequested.type, updateNames);
  yield takeLatest(avatarUpdateRequested.type, updateAvatar);
}
