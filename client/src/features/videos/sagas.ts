// Loads one video.
import { ApiError } from '../../api/client';
import { api } from '../../api/endpoints';
import { takeRequest } from '../../lib/request';
import { lockedOffer } from '../../session/purchase-slice';
import { toastShown } from '../../session/toast-slice';
import { videoFailed, videoLoaded, videoRequested } from './slice';

export function* videosSaga() {
  yield takeRequest(videoRequested, {
    what: 'Video',
    fetch: (action) => api.video(action.payload),
    loaded: videoLoaded,
    failed: (error) => {
      const status = error instanceof ApiError ? error.status : null;
      // A missing or locked video is the page's own message, not a toast.
      const toast = status !== 404 && status !== 403;
      return [
        videoFailed(status, lockedOffer(error)),
        ...(toast ? [toastShown({ type: 'error', action: 'fetch', key: 'video' })] : []),
      ];
    },
  });
}
