// Results as the member types: each keystroke waits ~250 ms for the next, and a newer keystroke
// cancels the request still running for an older one (takeLatest), so an old answer never
// replaces a newer one.
import { call, delay, put, select, takeLatest } from 'redux-saga/effects';
import type { SearchResult } from '../../api/contract';
import { api } from '../../api/endpoints';
import { searchFailed, searchLoaded, searchRetried, searchTyped, selectSearch, type SearchState } from './slice';

export const SEARCH_DEBOUNCE_MS = 250;
/** Enough for the screen: a few of each kind, best first. */
export const SEARCH_LIMIT = 30;

function* runSearch(action: { type: string }) {
  const { query }: SearchState = yield select(selectSearch);
  if (query.trim() === '') return;
  if (searchTyped.match(action)) yield delay(SEARCH_DEBOUNCE_MS);
  try {
    const results: SearchResult[] = yield call(api.search, { q: query, _limit: SEARCH_LIMIT });
    yield put(searchLoaded({ query, results }));
  } catch (error) {
    console.error('Search fetch failed', error);
    yield put(searchFailed());
  }
}

export function* searchSaga() {
  yield takeLatest([searchTyped.type, searchRetried.type], runSearch);
}
