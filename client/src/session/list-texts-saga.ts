// Loads the list pages' texts. A failure shows no toast of its own: the page keeps its usual
// words, and the list's own failure is the one the visitor hears of.
import { call, put, takeLeading } from 'redux-saga/effects';
import { api, type ApiAnswer } from '../api/endpoints';
import { listTextsFailed, listTextsLoaded, listTextsRequested } from './list-texts-slice';

function* loadListTexts() {
  try {
    const texts: ApiAnswer<'listPage'> = yield call(api.listPage);
    yield put(listTextsLoaded(texts));
  } catch (error) {
    console.error('List page texts fetch failed', error);
    yield put(listTextsFailed());
  }
}

export function* listTextsSaga() {
  yield takeLeading(listTextsRequested.type, loadListTexts);
}
