// Loads one video.
import { api } from '../../api/endpoints';
import { takeNamedItem } from '../../state/request';
import { videosSlice } from './slice';

export function* videosSaga() {
  yield takeNamedItem(videosSlice.actions, 'video', {
    what: 'Video',
    fetch: (id: string) => api.video(id),
  });
}
