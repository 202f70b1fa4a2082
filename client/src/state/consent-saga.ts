// Stores cookie choices and reloads the page when it must (client/README.md: How the shell works,
// Cookies).
import { call, put, select, takeEvery } from 'redux-saga/effects';
import { browser } from '../lib/browser';
import { storage } from '../lib/storage';
import {
  type Consent,
  type ConsentState,
  consentChosen,
  consentStored,
  mediaAllowed,
  needsReload,
} from './consent-slice';

const selectChoice = (state: { consent: ConsentState }) => state.consent.choice;

function* choose(action: ReturnType<typeof consentChosen>) {
  const previous: Consent | null = yield select(selectChoice);
  const next: Consent = { statistics: action.payload, media: action.payload };
  yield call(storage.writeConsent, next);
  yield put(consentStored(next));
  if (needsReload(previous, next)) {
    yield call(browser.reload);
  }
}

function* allowMedia() {
  const previous: Consent | null = yield select(selectChoice);
  const next: Consent = { statistics: previous?.statistics ?? false, media: true };
  yield call(storage.writeConsent, next);
  yield put(consentStored(next));
}

export function* consentSaga() {
  yield takeEvery(consentChosen.type, choose);
  yield takeEvery(mediaAllowed.type, allowMedia);
}
