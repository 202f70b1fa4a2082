// Loads legal pages by slug.
import { call, put, takeEvery } from 'redux-saga/effects';
import { api, type ApiAnswer } from '../../api/endpoints';
import { legalPageFailed, legalPageLoaded, legalPageRequested } from './slice';

function* loadPage(action: ReturnType<typeof legalPageRequested>) {
  try {
    const page: ApiAnswer<'legalPage'> = yield call(api.legalPage, action.payload);
    yield put(legalPageLoaded({ slug: action.payload, page }));
  } catch (error) {
    console.error('Legal page fetch failed', error);
    yield put(legalPageFailed(action.payload));
  }
}

export function* legalSaga() {
  yield takeEvery(legalPageRequested.type, loadPage);
}
