// Loads the masterclass landing and single episodes.
import { api } from '../../api/endpoints';
import { MASTERCLASS_SLUG } from '../../lib/constants';
import { itemFailed, takeNamedRequest, takeRequest } from '../../lib/request';
import { episodeFailed, episodeLoaded, episodeRequested, masterclassSlice } from './slice';

export function* masterclassSaga() {
  yield takeNamedRequest(masterclassSlice.actions, 'masterclass', {
    what: 'Masterclass',
    fetch: () => api.masterclass(MASTERCLASS_SLUG),
    toastKey: 'masterclass',
  });
  yield takeRequest(episodeRequested, {
    what: 'Episode',
    fetch: (action) => api.episode(action.payload),
    loaded: episodeLoaded,
    failed: itemFailed(episodeFailed, 'episode'),
  });
}
