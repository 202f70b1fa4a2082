// Loads one video.
import { call, put, takeLatest } from 'redux-saga/effects';
import { ApiError } from '../../api/client';
import { api, type ApiAnswer } from '../../api/endpoints';
import { lockedOffer } from '../../session/purchase-slice';
import { toastShown } from '../../session/toast-slice';
import { videoFailed, videoLoaded, videoRequested } from './slice';

function* loadVideo(action: ReturnType<typeof videoRequested>) {
  try {
    const video: ApiAnswer<'video'> = yield call(api.video, action.payload);
    yield put(videoLoaded(video));
  } catch (error) {
    const status = error instanceof ApiError ? error.status : null;
    console.error('Video fetch failed', error);
    yield put(videoFailed(status, lockedOffer(error)));
    if (status !== 404 && status !== 403) {
      yield put(toastShown({ type: 'error', action: 'fetch', key: 'video' }));
    }
  }
}

export function* videosSaga() {
  yield takeLatest(videoRequested.type, loadVideo);
}
