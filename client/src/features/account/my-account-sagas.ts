// Side effects of My account: the membership, purchases and newsletter loads, the profile and
// avatar saves, password and e-mail changes, the billing page, Download my data and the deletion.
import type { UnknownAction } from '@reduxjs/toolkit';
import { call, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import { ApiError } from '../../api/client';
import { api, type ApiAnswer } from '../../api/endpoints';
import type { User } from '../../api/contract';
import { browser } from '../../lib/browser';
import { navigation } from '../../lib/navigation';
import { takeNamedRequests } from '../../state/request';
import { storage } from '../../lib/storage';
import { forgetMember } from '../../state/auth-sagas';
import { avatarUpdated, loggedOut, profileLoaded, selectUser, signedIn } from '../../state/auth-slice';
import { newsletterChanged } from '../../state/events';
import { ERROR_CODES } from '../../state/messages';
import { toastShown } from '../../state/toast-slice';
import {
  accountDeleted,
  avatarUploaded,
  avatarUploadRequested,
  deletionRequested,
  emailChangeRequested,
  emailChangeSent,
  exportFailed,
  exportRequested,
  exportSaved,
  manageBillingFailed,
  manageBillingRequested,
  type MyAccountForm,
  myAccountFormFailed,
  newsletterSaved,
  newsletterSaveFailed,
  newsletterToggled,
  passwordChanged,
  passwordChangeRequested,
  profileSaved,
  profileSaveRequested,
  myAccountSlice,
} from './my-account-slice';

/** Where the payment provider's billing page sends the member back. */
export const ACCOUNT_PATH = '/account';

/** The fields each form shows the server's messages under. */
const FORM_FIELDS: Record<MyAccountForm, string[]> = {
  profile: ['firstname', 'lastname', 'username', 'country', 'skill_level'],
  avatar: ['avatar'],
  password: ['current_password', 'password'],
  email: ['email', 'password'],
  deletion: ['password'],
};

/** Codes that belong to one field even when the server names none (a 409 taken address). */
const CODE_FIELDS: Record<string, [MyAccountForm, string]> = {
  user_username_exists: ['profile', 'username'],
  user_username_profane: ['profile', 'username'],
  user_email_exists: ['email', 'email'],
};

/**
 * A failed form: the server's messages under their fields; when none of them is one of this
 * form's fields, a toast with the server's message instead.
 */
function* formFailed(form: MyAccountForm, what: string, error: unknown) {
  console.error(`${what} failed`, error);
  const apiError = error instanceof ApiError ? error : null;
  const errors = Object.fromEntries(
    Object.entries(apiError?.fields ?? {}).filter(([field]) => FORM_FIELDS[form].includes(field)),
  );
  const byCode = apiError?.code ? CODE_FIELDS[apiError.code] : undefined;
  if (Object.keys(errors).length === 0 && byCode?.[0] === form) {
    errors[byCode[1]] = ERROR_CODES[apiError!.code!] ?? apiError!.message;
  }
  yield put(myAccountFormFailed({ form, errors }));
  if (Object.keys(errors).length === 0) {
    yield put(toastShown({ type: 'error', action: 'account', apiError: apiError?.message ?? null }));
  }
}

/** A form's saga (`send`) whose failure the form shows, as formFailed tells it (`what` names the
 * change in the console). */
function inForm<A extends UnknownAction>(form: MyAccountForm, what: string, send: (action: A) => Generator) {
  return function* sendForm(action: A) {
    try {
      yield call(send, action);
    } catch (error) {
      yield call(formFailed, form, what, error);
    }
  };
}

/** The saved user, in the session and in storage; a profile update also ends the redirect after
 * login (client/README.md: Account screens, Redirect after login). */
function* keepUser(user: User) {
  yield put(profileLoaded(user));
  yield call(storage.writeUser, user);
  yield call(storage.writeRedirect, null);
}

function* saveProfile(action: ReturnType<typeof profileSaveRequested>) {
  const user: ApiAnswer<'updateProfile'> = yield call(api.updateProfile, action.payload);
  yield call(keepUser, user);
  yield put(profileSaved(user));
  yield put(toastShown({ type: 'success', action: 'account', key: 'profile' }));
}

function* uploadAvatar(action: ReturnType<typeof avatarUploadRequested>) {
  const user: ApiAnswer<'updateAvatar'> = yield call(api.updateAvatar, action.payload);
  yield put(avatarUpdated(user.avatar?.src ?? null));
  const saved: User | null = yield select(selectUser);
  yield call(storage.writeUser, saved);
  yield put(avatarUploaded());
  yield put(toastShown({ type: 'success', action: 'account', key: 'avatar' }));
}

function* toggleNewsletter(action: ReturnType<typeof newsletterToggled>) {
  const on = action.payload;
  try {
    if (on) {
      const user: User | null = yield select(selectUser);
      yield call(api.subscribe, user?.email ?? '');
    } else {
      yield call(api.unsubscribe);
    }
  } catch (error) {
    // Already on the list: that is what the member asked for.
    if (!(on && error instanceof ApiError && error.code === 'already_subscribed')) {
      console.error('Newsletter change failed', error);
      yield put(newsletterSaveFailed());
      yield put(toastShown({ type: 'error', action: 'account', key: 'newsletter' }));
      return;
    }
  }
  yield call(storage.writeNewsletterSubscribed, on);
  yield put(newsletterSaved(on));
  yield put(newsletterChanged());
  yield put(toastShown({ type: 'success', action: 'account', key: on ? 'newsletterOn' : 'newsletterOff' }));
}

// Every session ends with the change, this one's too: the answer is the new session, kept as a
// sign-in keeps it.
function* changePassword(action: ReturnType<typeof passwordChangeRequested>) {
  const { current, password } = action.payload;
  const session: ApiAnswer<'changePassword'> = yield call(api.changePassword, current.trim(), password.trim());
  yield put(signedIn({ access: session.access, refresh: session.refresh, user: session.user }));
  yield put(passwordChanged());
  yield put(toastShown({ type: 'success', action: 'account', key: 'password' }));
}

function* changeEmail(action: ReturnType<typeof emailChangeRequested>) {
  const email = action.payload.email.trim();
  yield call(api.changeEmail, email, action.payload.password.trim());
  yield put(emailChangeSent(email));
}

function* openBillingPage() {
  try {
    const answer: ApiAnswer<'manageBilling'> = yield call(api.manageBilling, ACCOUNT_PATH);
    yield call(browser.assign, answer.url);
  } catch (error) {
    console.error('Billing page failed', error);
    yield put(manageBillingFailed());
    const message = error instanceof ApiError ? error.message : null;
    yield put(toastShown({ type: 'error', action: 'account', apiError: message }));
  }
}

function* exportData() {
  try {
    const data: ApiAnswer<'exportAccount'> = yield call(api.exportAccount);
    yield call(browser.saveFile, 'my-data.json', JSON.stringify(data, null, 2));
    yield put(exportSaved());
    yield put(toastShown({ type: 'success', action: 'account', key: 'export' }));
  } catch (error) {
    console.error('Data export failed', error);
    yield put(exportFailed());
    yield put(toastShown({ type: 'error', action: 'account', key: 'export' }));
  }
}

// The account is gone and its sessions with it: forget the member here as logout does, then
// home, where the toast says so (no reload, so that it shows). Only the request is the form's to
// fail (a wrong password): once the account is deleted, the form never says it was not.
function* deleteAccount(action: ReturnType<typeof deletionRequested>) {
  try {
    yield call(api.deleteAccount, action.payload.trim());
  } catch (error) {
    yield call(formFailed, 'deletion', 'Account deletion', error);
    return;
  }
  yield call(forgetMember);
  yield put(accountDeleted());
  // Home first: this page, left signed out, would offer the login.
  yield call(navigation.go, '/home', { replace: true });
  yield put(loggedOut());
  yield put(toastShown({ type: 'success', action: 'account', key: 'deleted' }));
}

export function* myAccountSaga() {
  yield takeNamedRequests(myAccountSlice.actions, {
    membership: { what: 'Membership', fetch: api.membership },
    purchases: { what: 'Purchases', fetch: api.purchases },
    newsletter: { what: 'Newsletter setting', fetch: async () => (await api.footer()).subscribed },
  });
  yield takeLatest(profileSaveRequested.type, inForm('profile', 'Profile update', saveProfile));
  yield takeLatest(avatarUploadRequested.type, inForm('avatar', 'Avatar upload', uploadAvatar));
  yield takeLeading(newsletterToggled.type, toggleNewsletter);
  yield takeLeading(passwordChangeRequested.type, inForm('password', 'Password change', changePassword));
  yield takeLeading(emailChangeRequested.type, inForm('email', 'E-mail change', changeEmail));
  yield takeLeading(manageBillingRequested.type, openBillingPage);
  yield takeLeading(exportRequested.type, exportData);
  yield takeLeading(deletionRequested.type, deleteAccount);
}
