// A single purchase: a visitor is asked to sign up first (and brought back afterwards); a member's
// purchase opens a checkout (POST /products/purchase) and the browser goes to it.
import { call, put, select, takeLeading } from 'redux-saga/effects';
import { ApiError } from '../api/client';
import { api, type ApiAnswer } from '../api/endpoints';
import { browser } from '../lib/browser';
import { storage } from '../lib/storage';
import { type AuthState, redirectAfterLoginChosen, selectIsSignedIn } from './auth-slice';
import { billingErrorToast } from './messages';
import { guestPrompted } from './modal-slice';
import { purchaseFailed, purchaseNeedsAccount, purchaseRedirected, purchaseRequested } from './purchase-slice';
import { toastShown } from './toast-slice';

function* startPurchase(action: ReturnType<typeof purchaseRequested>) {
  const signedIn: boolean = yield select((state: { auth: AuthState }) => selectIsSignedIn(state));
  if (!signedIn) {
    yield put(redirectAfterLoginChosen(action.payload.finalUrl));
    yield put(purchaseNeedsAccount());
    yield put(guestPrompted({ kind: 'purchase' }));
    return;
  }
  try {
    const started: ApiAnswer<'startPurchase'> = yield call(api.startPurchase, action.payload);
    // The cancel page leads back here.
    yield call(storage.writePurchaseReturn, action.payload.finalUrl);
    yield put(purchaseRedirected());
    yield call(browser.assign, started.url);
  } catch (error) {
    console.error('Purchase failed to start', error);
    yield put(purchaseFailed());
    yield put(toastShown(billingErrorToast('purchase', error instanceof ApiError ? error : null)));
  }
}

export function* purchaseSaga() {
  yield takeLeading(purchaseRequested.type, startPurchase);
}
