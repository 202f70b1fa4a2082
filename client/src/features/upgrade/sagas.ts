// Upgrade and payment side effects: page content; a plan's checkout (visitors are asked
// to sign up first); back from a subscription checkout: the session is confirmed, the user
// refreshed, then the welcome page; back from a single purchase: the payment is validated, then
// its final_url (a path of this site) or home. Both answers may bring a new access token that
// carries what was just bought: every later call sends it.
import { call, put, select, take, takeLatest, takeLeading } from 'redux-saga/effects';
import { ApiError } from '../../api/client';
import { api, type ApiAnswer } from '../../api/endpoints';
import { UPGRADE_ROUTE } from '../../components/locked-route';
import { browser } from '../../lib/browser';
import { takeNamedRequest } from '../../state/request';
import { sitePathOr } from '../../lib/site-path';
import { storage } from '../../lib/storage';
import {
  type AuthState,
  profileFailed,
  profileLoaded,
  profileRequested,
  redirectAfterLoginChosen,
  selectIsSignedIn,
  tokenRefreshed,
} from '../../state/auth-slice';
import { billingErrorToast } from '../../state/messages';
import { guestPrompted } from '../../state/modal-slice';
import { toastShown } from '../../state/toast-slice';
import { upgradeActions, welcomeRoute } from './slice';

const apiError = (error: unknown) => (error instanceof ApiError ? error : null);

/** The access token a confirmed payment brings replaces the current one (an embedded view's
 * too), so that the next calls are answered with what was just bought. Without one the
 * current token stays. */
function* adoptAccessToken(access: string | null | undefined) {
  if (typeof access === 'string' && access) yield put(tokenRefreshed(access));
}

function* startCheckout(action: ReturnType<typeof upgradeActions.planChosen>) {
  const signedIn: boolean = yield select((state: { auth: AuthState }) => selectIsSignedIn(state));
  if (!signedIn) {
    // Sign up or log in first, then back to the plans.
    yield put(redirectAfterLoginChosen(UPGRADE_ROUTE));
    yield put(upgradeActions.checkoutNeedsAccount());
    yield put(guestPrompted({ kind: 'plan', plan: action.payload.name }));
    return;
  }
  try {
    const started: ApiAnswer<'startSubscription'> = yield call(api.startSubscription, action.payload.id);
    yield put(upgradeActions.checkoutRedirected());
    yield call(browser.assign, started.url);
  } catch (error) {
    console.error('Checkout failed to start', error);
    yield put(upgradeActions.checkoutFailed());
    yield put(toastShown(billingErrorToast('subscription', apiError(error))));
  }
}

/** How the BFF confirms each kind of payment on its return, and what the console says when that
 * fails. */
const CONFIRMATIONS = {
  subscription: { request: api.checkoutSession, what: 'Checkout session fetch failed' },
  purchase: { request: api.validatePayment, what: 'Payment validation failed' },
};

/** Back from a payment, its confirmation by the BFF (by the session id the payment provider sent
 * back): the answer, whose access token is adopted; or null once the failure is logged and told
 * in the toast of that kind of payment. */
function* confirmPayment(kind: keyof typeof CONFIRMATIONS, sessionId: string) {
  const { request, what } = CONFIRMATIONS[kind];
  let answer: { access?: string | null };
  try {
    answer = yield call(request, sessionId);
  } catch (error) {
    console.error(what, error);
    yield put(upgradeActions.confirmationFailed());
    yield put(toastShown(billingErrorToast(kind, apiError(error))));
    return null;
  }
  yield call(adoptAccessToken, answer.access);
  return answer;
}

function* confirmSubscription(action: ReturnType<typeof upgradeActions.checkoutReturned>) {
  const confirmed: ApiAnswer<'checkoutSession'> | null = yield call(confirmPayment, 'subscription', action.payload);
  if (!confirmed) return;
  // The profile saga announces the change of subscription (home data reloads, menu updates).
  yield put(profileRequested());
  const refreshed: { type: string } = yield take([profileLoaded.type, profileFailed.type]);
  yield put(
    toastShown(
      profileLoaded.match(refreshed)
        ? { type: 'success', action: 'subscription' }
        : { type: 'error', action: 'update', key: 'session' },
    ),
  );
  yield put(upgradeActions.confirmationSucceeded(welcomeRoute(confirmed.plan?.period)));
}

function* validatePurchase(action: ReturnType<typeof upgradeActions.paymentReturned>) {
  const validated: ApiAnswer<'validatePayment'> | null = yield call(confirmPayment, 'purchase', action.payload);
  if (!validated) return;
  yield call(storage.writePurchaseReturn, null);
  yield put(toastShown({ type: 'success', action: 'purchase' }));
  yield put(upgradeActions.confirmationSucceeded(sitePathOr(validated.final_url, '/home')));
}

export function* upgradeSaga() {
  yield takeNamedRequest(upgradeActions, 'upgradePage', {
    what: 'Upgrade page',
    fetch: () => api.upgradePage(),
    toastKey: 'upgradePage',
  });
  // What the member owns only adds a sentence: a failure leaves it out, without a toast.
  yield takeNamedRequest(upgradeActions, 'owned', { what: 'Purchases', fetch: () => api.purchases(), take: 'leading' });
  yield takeLeading(upgradeActions.planChosen.type, startCheckout);
  yield takeLatest(upgradeActions.checkoutReturned.type, confirmSubscription);
  yield takeLatest(upgradeActions.paymentReturned.type, validatePurchase);
}
