// Loads the masterclass landing and single episodes.
import { api } from '../../api/endpoints';
import { MASTERCLASS_SLUG } from '../../lib/constants';
import { takeNamedItem, takeNamedRequest } from '../../state/request';
import { masterclassActions } from './slice';

export function* masterclassSaga() {
  yield takeNamedRequest(masterclassActions, 'masterclass', {
    what: 'Masterclass',
    fetch: () => api.masterclass(MASTERCLASS_SLUG),
    toastKey: 'masterclass',
  });
  yield takeNamedItem(masterclassActions, 'episode', {
    what: 'Episode',
    fetch: (id: string) => api.episode(id),
  });
}
