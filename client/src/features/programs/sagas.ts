// Programs list paging (8 a page, restart on a filter or sort change), filter options, one
// program, one chapter, and the progress a signed-in viewer makes.
import { call, put, select, takeEvery } from 'redux-saga/effects';
import { api } from '../../api/endpoints';
import { PAGE_SIZE } from '../../lib/constants';
import { filteredListActions } from '../../lib/list-cases';
import { fetchAll, takeNamedItem, takeNamedRequest, takePagedList } from '../../lib/request';
import { type AuthState, selectIsSignedIn } from '../../session/auth-slice';
import { toastShown } from '../../session/toast-slice';
import {
  programsSlice,
  type ProgramsState,
  progressFailed,
  progressSaved,
  progressSaveStarted,
  subchapterPlayed,
} from './slice';

const selectState = (state: { programs: ProgramsState }) => state.programs;

function* saveProgress(action: ReturnType<typeof subchapterPlayed>) {
  const signedIn: boolean = yield select((state: { auth: AuthState }) => selectIsSignedIn(state));
  if (!signedIn) return;
  yield put(progressSaveStarted());
  try {
    yield call(api.postProgress, action.payload, 100);
    yield put(progressSaved(action.payload));
  } catch (error) {
    console.error('Progress update failed', error);
    yield put(progressFailed());
    yield put(toastShown({ type: 'error', action: 'update', key: 'progress' }));
  }
}

export function* programsSaga() {
  yield takePagedList(filteredListActions(programsSlice.actions, 'program', 'programs'), {
    what: 'Programs',
    select: selectState,
    fetch: ({ filters, sort }, start) =>
      api.programs({ _limit: PAGE_SIZE.programs, _start: start, _sort: `${sort}:asc`, ...filters }),
    toastKey: 'programs',
  });
  yield takeNamedRequest(programsSlice.actions, 'programFilterOptions', {
    what: 'Program filters',
    fetch: () => fetchAll({ topics: api.topics, levels: api.difficultyLevels, trainers: api.trainers }),
    take: 'leading',
  });
  yield takeNamedItem(programsSlice.actions, 'program', {
    what: 'Program',
    fetch: (id: string) => api.program(id),
  });
  yield takeNamedItem(programsSlice.actions, 'chapter', {
    what: 'Chapter',
    fetch: (id: string) => api.programChapter(id),
  });
  yield takeEvery(subchapterPlayed.type, saveProgress);
}
