// Loads the Grand Chess Tour page.
import { api } from '../../api/endpoints';
import { failedWithToast, takeRequest } from '../../lib/request';
import { tourFailed, tourLoaded, tourRequested } from './slice';

export function* grandChessTourSaga() {
  yield takeRequest(tourRequested, {
    what: 'Grand Chess Tour',
    fetch: () => api.grandChessTour(),
    loaded: tourLoaded,
    failed: failedWithToast(tourFailed, 'home'),
  });
}
