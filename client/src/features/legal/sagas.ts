// Loads legal pages by slug.
import { api } from '../../api/endpoints';
import { takeRequest } from '../../state/request';
import { legalPageFailed, legalPageLoaded, legalPageRequested } from './slice';

export function* legalSaga() {
  yield takeRequest(legalPageRequested, {
    what: 'Legal page',
    fetch: (action) => api.legalPage(action.payload),
    loaded: (page, action) => legalPageLoaded({ key: action.payload, data: page }),
    failed: (_error, action) => legalPageFailed(action.payload),
    // Each slug is its own page: the terms overlay's load must not cancel the privacy one.
    take: 'every',
  });
}
