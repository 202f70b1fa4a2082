// Side effects of the account screens: sign-in by password or provider, registration with its
// debounced availability checks, password recovery and reset, and the lists the forms offer.
import type { UnknownAction } from '@reduxjs/toolkit';
import { call, debounce, fork, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import { ApiError } from '../../api/client';
import { api, type ApiAnswer } from '../../api/endpoints';
import type { SocialProviders, UserSession } from '../../api/contract';
import { AVAILABILITY_DEBOUNCE_MS, AVAILABILITY_WINDOWS } from '../../lib/constants';
import type { SocialProvider } from '../../api/sign-in';
import { navigation } from '../../lib/navigation';
import { takeNamedRequests } from '../../state/request';
import { isSitePath } from '../../lib/site-path';
import { storage } from '../../lib/storage';
import { analyticsEventFired } from '../../state/analytics-saga';
import { guestModeLeft, signedIn } from '../../state/auth-slice';
import { loginErrorToast, socialErrorToast } from '../../state/messages';
import { modalClosed } from '../../state/modal-slice';
import { toastShown } from '../../state/toast-slice';
import {
  accountSlice,
  availabilityChecked,
  type AvailabilityField,
  emailEdited,
  loginFailed,
  loginRequested,
  loginSucceeded,
  recoveryFailed,
  recoveryRequested,
  recoverySucceeded,
  registerFailed,
  registerPageOpened,
  registerRequested,
  registerSucceeded,
  resetFailed,
  resetRequested,
  resetSucceeded,
  selectProviders,
  socialAccountMissing,
  type SocialRegistration,
  socialRegistrationFound,
  socialSignInRequested,
  usernameEdited,
} from './slice';
import { loginFieldErrors, loginFieldsRefused } from './login-errors';
import { myAccountSaga } from './my-account-sagas';
import { registerPath } from './paths';
import { SocialSignInError } from './social-error';

// The SDK loaders are not part of the first load: their chunk comes with the first use of a
// provider's button.
const loadSocialSdk = () => import(/* webpackChunkName: "social-sdk" */ './social-sdk');

/** The register form's fields: server messages for them show under the field. */
const REGISTER_FIELDS = ['username', 'email', 'password', 'country', 'skill_level', 'terms'];

const messageOf = (error: unknown) =>
  error instanceof ApiError || error instanceof SocialSignInError ? error.message : null;

/** Where to go after signing in or up: the stored redirect, the screen's `redirect`, or home. */
function* destination(redirect: string | null) {
  const stored: string | null = yield call(storage.readRedirect);
  return [stored, redirect].find(isSitePath) ?? '/home';
}

// Only what the session keeps: a registration's answer (its expires_in nullable) signs in too.
function* finishSignIn(session: Pick<UserSession, 'access' | 'refresh' | 'user'>, redirect: string | null) {
  yield put(signedIn({ access: session.access, refresh: session.refresh, user: session.user }));
  yield put(loginSucceeded());
  yield put(modalClosed());
  const to: string = yield call(destination, redirect);
  // The stored redirect has served its purpose.
  yield call(storage.writeRedirect, null);
  yield call(navigation.go, to);
}

function* login(action: ReturnType<typeof loginRequested>) {
  const { email, password, redirect } = action.payload;
  try {
    const session: ApiAnswer<'login'> = yield call(api.login, email.trim(), password.trim());
    yield call(finishSignIn, session, redirect);
  } catch (error) {
    console.error('Login failed', error);
    yield put(loginFailed());
    yield put(loginFieldsRefused(loginFieldErrors(error, { email, password })));
    yield put(toastShown(loginErrorToast(error instanceof ApiError ? error : null)));
  }
}

// No account for this provider's person yet (client/README.md: Account screens, Social sign-in):
// register, with the provider's token and e-mail kept for the register page and the redirect
// preserved.
function* registerWithProvider(provider: SocialProvider, error: ApiError, redirect: string | null) {
  const { socialToken, email } = error.body;
  const data: SocialRegistration = {
    type: provider,
    token: typeof socialToken === 'string' ? socialToken : '',
    email: typeof email === 'string' ? email : null,
  };
  yield call(storage.writeSocialRegistration, data);
  yield put(socialAccountMissing());
  yield put(modalClosed());
  yield call(navigation.go, registerPath(provider, redirect));
}

function* socialSignIn(action: ReturnType<typeof socialSignInRequested>) {
  const { provider, redirect } = action.payload;
  const providers: SocialProviders | null = yield select(selectProviders);
  try {
    const { socialSdk }: Awaited<ReturnType<typeof loadSocialSdk>> = yield call(loadSocialSdk);
    const credential: string = yield call(
      socialSdk.credential,
      provider,
      providers ?? { facebook: null, google: null, apple: null },
    );
    const session: ApiAnswer<'socialLogin'> = yield call(api.socialLogin, provider, credential);
    yield call(finishSignIn, session, redirect);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'user_doesnt_exist') {
      yield call(registerWithProvider, provider, error, redirect);
      return;
    }
    console.error('Social sign-in failed', error);
    yield put(loginFailed());
    yield put(toastShown(socialErrorToast(provider, { message: messageOf(error) ?? undefined })));
  }
}

function* openRegisterPage(action: ReturnType<typeof registerPageOpened>) {
  const { type, redirect } = action.payload;
  if (type === 'email') return;
  const stored: SocialRegistration | null = yield call(storage.readSocialRegistration);
  if (stored?.type === type && stored.token) {
    yield put(socialRegistrationFound(stored));
    return;
  }
  // Without the social data of its type, the screen leaves as after registration
  // (client/README.md: Account screens, Register).
  const to: string = yield call(destination, redirect);
  yield call(navigation.go, to, { replace: true });
}

function* checkAvailability(field: AvailabilityField, value: string) {
  const { over, under } = AVAILABILITY_WINDOWS[field];
  if (value.length <= over || value.length >= under) return;
  try {
    const answer: ApiAnswer<'usernameAvailable'> = yield call(
      field === 'username' ? api.usernameAvailable : api.emailAvailable,
      value,
    );
    yield put(availabilityChecked({ field, value, available: answer.available, message: answer.message }));
  } catch (error) {
    // The server checks again on registration; a failed check only loses the early hint.
    console.error('Availability check failed', error);
  }
}

function* checkUsername(action: ReturnType<typeof usernameEdited>) {
  yield call(checkAvailability, 'username', action.payload);
}

function* checkEmail(action: ReturnType<typeof emailEdited>) {
  yield call(checkAvailability, 'email', action.payload);
}

function* register(action: ReturnType<typeof registerRequested>) {
  const { form, redirect } = action.payload;
  try {
    const answer: ApiAnswer<'register'> = yield call(api.register, form);
    yield call(storage.writeSocialRegistration, null);
    yield call(storage.writeGuest, false);
    yield put(guestModeLeft());
    yield put(analyticsEventFired({ event: 'registration', method: form.type }));
    if (answer.access) {
      yield put(registerSucceeded({ confirmationSentTo: null }));
      yield call(finishSignIn, { ...answer, access: answer.access }, redirect);
      return;
    }
    // An e-mail account confirms its address first: the redirect waits for the first login.
    const stored: string | null = yield call(storage.readRedirect);
    if (!stored && isSitePath(redirect)) yield call(storage.writeRedirect, redirect);
    yield put(registerSucceeded({ confirmationSentTo: form.email ?? null }));
  } catch (error) {
    console.error('Registration failed', error);
    const fields = Object.fromEntries(
      Object.entries(error instanceof ApiError ? error.fields : {}).filter(([field]) =>
        REGISTER_FIELDS.includes(field),
      ),
    );
    yield put(registerFailed(fields));
    if (Object.keys(fields).length === 0) {
      yield put(toastShown({ type: 'error', action: 'register', apiError: messageOf(error) }));
    }
  }
}

/** A step of password recovery (asking for the link, setting the new password): the call, then
 * its Succeeded and a success toast, or its Failed and a toast with the server's message. */
function* recoveryStep(
  step: 'passwordRecovery' | 'passwordReset',
  what: string,
  request: () => Promise<unknown>,
  succeeded: () => UnknownAction,
  failed: () => UnknownAction,
) {
  try {
    yield call(request);
    yield put(succeeded());
    yield put(toastShown({ type: 'success', action: step }));
  } catch (error) {
    console.error(what, error);
    yield put(failed());
    yield put(toastShown({ type: 'error', action: step, apiError: messageOf(error) }));
  }
}

function* recover(action: ReturnType<typeof recoveryRequested>) {
  yield call(
    recoveryStep,
    'passwordRecovery',
    'Password recovery failed',
    () => api.startPasswordRecovery(action.payload.trim()),
    recoverySucceeded,
    recoveryFailed,
  );
}

function* reset(action: ReturnType<typeof resetRequested>) {
  const { token, password, confirmation } = action.payload;
  if (password !== confirmation) {
    yield put(resetFailed());
    yield put(toastShown({ type: 'error', action: 'passwordReset', key: 'mismatch' }));
    return;
  }
  yield call(
    recoveryStep,
    'passwordReset',
    'Password reset failed',
    () => api.recoverPassword(token, password, confirmation),
    resetSucceeded,
    resetFailed,
  );
}

export function* accountSaga() {
  yield takeNamedRequests(accountSlice.actions, {
    socialProviders: { what: 'Social providers', fetch: api.socialProviders },
    countries: { what: 'Countries', fetch: api.countries },
  });
  yield takeLeading(loginRequested.type, login);
  yield takeLeading(socialSignInRequested.type, socialSignIn);
  yield takeLatest(registerPageOpened.type, openRegisterPage);
  yield debounce(AVAILABILITY_DEBOUNCE_MS, usernameEdited.type, checkUsername);
  yield debounce(AVAILABILITY_DEBOUNCE_MS, emailEdited.type, checkEmail);
  yield takeLeading(registerRequested.type, register);
  yield takeLeading(recoveryRequested.type, recover);
  yield takeLeading(resetRequested.type, reset);
  yield fork(myAccountSaga);
}
