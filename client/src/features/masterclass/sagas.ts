// Loads the masterclass landing and single episodes.
import { ApiError } from '../../api/client';
import { api } from '../../api/endpoints';
import { MASTERCLASS_SLUG } from '../../lib/constants';
import { takeRequest } from '../../lib/request';
import { toastShown } from '../../session/toast-slice';
import {
  episodeFailed,
  episodeLoaded,
  episodeRequested,
  masterclassFailed,
  masterclassLoaded,
  masterclassRequested,
} from './slice';

export function* masterclassSaga() {
  yield takeRequest(masterclassRequested, {
    what: 'Masterclass',
    fetch: () => api.masterclass(MASTERCLASS_SLUG),
    loaded: masterclassLoaded,
    failed: () => [masterclassFailed(), toastShown({ type: 'error', action: 'fetch', key: 'masterclass' })],
  });
  yield takeRequest(episodeRequested, {
    what: 'Episode',
    fetch: (action) => api.episode(action.payload),
    loaded: episodeLoaded,
    failed: (error) => {
      const status = error instanceof ApiError ? error.status : null;
      // A missing or locked episode is the page's own message, not a toast.
      const toast = status !== 404 && status !== 403;
      return [
        episodeFailed(status),
        ...(toast ? [toastShown({ type: 'error', action: 'fetch', key: 'episode' })] : []),
      ];
    },
  });
}
