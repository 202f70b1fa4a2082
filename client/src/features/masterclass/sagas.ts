// Loads the masterclass landing and single episodes.
import { api } from '../../api/endpoints';
import { MASTERCLASS_SLUG } from '../../lib/constants';
import { takeNamedItem, takeNamedRequest } from '../../lib/request';
import { masterclassSlice } from './slice';

export function* masterclassSaga() {
  yield takeNamedRequest(masterclassSlice.actions, 'masterclass', {
    what: 'Masterclass',
    fetch: () => api.masterclass(MASTERCLASS_SLUG),
    toastKey: 'masterclass',
  });
  yield takeNamedItem(masterclassSlice.actions, 'episode', {
    what: 'Episode',
    fetch: (id: string) => api.episode(id),
  });
}
