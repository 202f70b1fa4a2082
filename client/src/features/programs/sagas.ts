// Programs list paging (8 a page, restart on a filter or sort change), filter options, one
// program, one chapter, and the progress a signed-in viewer makes.
import { call, put, select, takeEvery } from 'redux-saga/effects';
import { api } from '../../api/endpoints';
import { PAGE_SIZE } from '../../lib/constants';
import { takeFilteredList } from '../../lib/list-cases';
import { fetchAll, takeNamedItem } from '../../lib/request';
import { type AuthState, selectIsSignedIn } from '../../session/auth-slice';
import { toastShown } from '../../session/toast-slice';
import { programsActions, programsList } from './slice';

function* saveProgress(action: ReturnType<typeof programsActions.subchapterPlayed>) {
  const signedIn: boolean = yield select((state: { auth: AuthState }) => selectIsSignedIn(state));
  if (!signedIn) return;
  yield put(programsActions.progressSaveStarted());
  try {
    yield call(api.postProgress, action.payload, 100);
    yield put(programsActions.progressSaved(action.payload));
  } catch (error) {
    console.error('Progress update failed', error);
    yield put(programsActions.progressFailed());
    yield put(toastShown({ type: 'error', action: 'update', key: 'progress' }));
  }
}

export function* programsSaga() {
  yield takeFilteredList(programsList, {
    fetch: ({ filters, sort }, start) =>
      api.programs({ _limit: PAGE_SIZE.programs, _start: start, _sort: `${sort}:asc`, ...filters }),
    filterOptions: () => fetchAll({ topics: api.topics, levels: api.difficultyLevels, trainers: api.trainers }),
  });
  yield takeNamedItem(programsActions, 'program', {
    what: 'Program',
    fetch: (id: string) => api.program(id),
  });
  yield takeNamedItem(programsActions, 'chapter', {
    what: 'Chapter',
    fetch: (id: string) => api.programChapter(id),
  });
  yield takeEvery(programsActions.subchapterPlayed.type, saveProgress);
}
