// Closes every toast TOAST_MS after it was shown.
import { delay, put, takeEvery } from 'redux-saga/effects';
import { TOAST_MS } from '../lib/constants';
import { toastClosed, toastShown } from './toast-slice';

function* closeLater(action: ReturnType<typeof toastShown>) {
  yield delay(TOAST_MS);
  yield put(toastClosed(action.payload.id));
}

export function* toastSaga() {
  yield takeEvery(toastShown.type, closeLater);
}
