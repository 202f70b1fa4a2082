// Loads one video.
import { api } from '../../api/endpoints';
import { itemFailed, takeRequest } from '../../lib/request';
import { videoFailed, videoLoaded, videoRequested } from './slice';

export function* videosSaga() {
  yield takeRequest(videoRequested, {
    what: 'Video',
    fetch: (action) => api.video(action.payload),
    loaded: videoLoaded,
    failed: itemFailed(videoFailed, 'video'),
  });
}
