// Loads the Grand Chess Tour page.
import { api } from '../../api/endpoints';
import { takeNamedRequest } from '../../state/request';
import { grandChessTourSlice } from './slice';

export function* grandChessTourSaga() {
  yield takeNamedRequest(grandChessTourSlice.actions, 'tour', {
    what: 'Grand Chess Tour',
    fetch: () => api.grandChessTour(),
    toastKey: 'home',
  });
}
