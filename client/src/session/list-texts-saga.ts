// Loads the list pages' texts. A failure shows no toast of its own: the page keeps its usual
// words, and the list's own failure is the one the visitor hears of.
import { api } from '../api/endpoints';
import { takeRequest } from '../lib/request';
import { listTextsFailed, listTextsLoaded, listTextsRequested } from './list-texts-slice';

export function* listTextsSaga() {
  yield takeRequest(listTextsRequested, {
    what: 'List page texts',
    fetch: () => api.listPage(),
    loaded: listTextsLoaded,
    failed: () => listTextsFailed(),
    take: 'leading',
  });
}
