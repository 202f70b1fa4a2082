// Loads the Grand Chess Tour page.
import { api } from '../../api/endpoints';
import { takeRequest } from '../../lib/request';
import { toastShown } from '../../session/toast-slice';
import { tourFailed, tourLoaded, tourRequested } from './slice';

export function* grandChessTourSaga() {
  yield takeRequest(tourRequested, {
    what: 'Grand Chess Tour',
    fetch: () => api.grandChessTour(),
    loaded: tourLoaded,
    failed: () => [tourFailed(), toastShown({ type: 'error', action: 'fetch', key: 'home' })],
  });
}
