// Loads the Grand Chess Tour page.
import { call, put, takeLatest } from 'redux-saga/effects';
import { api, type ApiAnswer } from '../../api/endpoints';
import { toastShown } from '../../session/toast-slice';
import { tourFailed, tourLoaded, tourRequested } from './slice';

function* loadTour() {
  try {
    const data: ApiAnswer<'grandChessTour'> = yield call(api.grandChessTour);
    yield put(tourLoaded(data));
  } catch (error) {
    console.error('Grand Chess Tour fetch failed', error);
    yield put(tourFailed());
    yield put(toastShown({ type: 'error', action: 'fetch', key: 'home' }));
  }
}

export function* grandChessTourSaga() {
  yield takeLatest(tourRequested.type, loadTour);
}
