// Loads the masterclass landing and single episodes.
import { api } from '../../api/endpoints';
import { MASTERCLASS_SLUG } from '../../lib/constants';
import { failedWithToast, itemFailed, takeRequest } from '../../lib/request';
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
    failed: failedWithToast(masterclassFailed, 'masterclass'),
  });
  yield takeRequest(episodeRequested, {
    what: 'Episode',
    fetch: (action) => api.episode(action.payload),
    loaded: episodeLoaded,
    failed: itemFailed(episodeFailed, 'episode'),
  });
}
