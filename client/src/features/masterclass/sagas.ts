// Loads the masterclass landing and single episodes.
import { call, put, takeLatest } from 'redux-saga/effects';
import { ApiError } from '../../api/client';
import { api, type ApiAnswer } from '../../api/endpoints';
import { MASTERCLASS_SLUG } from '../../lib/constants';
import { toastShown } from '../../session/toast-slice';
import {
  episodeFailed,
  episodeLoaded,
  episodeRequested,
  masterclassFailed,
  masterclassLoaded,
  masterclassRequested,
} from './slice';

function* loadMasterclass() {
  try {
    const masterclass: ApiAnswer<'masterclass'> = yield call(api.masterclass, MASTERCLASS_SLUG);
    yield put(masterclassLoaded(masterclass));
  } catch (error) {
    console.error('Masterclass fetch failed', error);
    yield put(masterclassFailed());
    yield put(toastShown({ type: 'error', action: 'fetch', key: 'masterclass' }));
  }
}

function* loadEpisode(action: ReturnType<typeof episodeRequested>) {
  try {
    const episode: ApiAnswer<'episode'> = yield call(api.episode, action.payload);
    yield put(episodeLoaded(episode));
  } catch (error) {
    const status = error instanceof ApiError ? error.status : null;
    console.error('Episode fetch failed', error);
    yield put(episodeFailed(status));
    if (status !== 404 && status !== 403) {
      yield put(toastShown({ type: 'error', action: 'fetch', key: 'episode' }));
    }
  }
}

export function* masterclassSaga() {
  yield takeLatest(masterclassRequested.type, loadMasterclass);
  yield takeLatest(episodeRequested.type, loadEpisode);
}
