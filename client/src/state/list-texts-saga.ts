// Loads the list pages' texts. A failure shows no toast of its own: the page keeps its usual
// words, and the list's own failure is the one the visitor hears of.
import { api } from '../api/endpoints';
import { takeNamedRequest } from './request';
import { listTextsSlice } from './list-texts-slice';

export function* listTextsSaga() {
  yield takeNamedRequest(listTextsSlice.actions, 'listTexts', {
    what: 'List page texts',
    fetch: () => api.listPage(),
    take: 'leading',
  });
}
