// Programs list paging (8 a page, restart on a filter or sort change), filter options, one
// program, one chapter, and the progress a signed-in viewer makes.
import { all, call, put, select, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import { ApiError } from '../../api/client';
import { api, type ApiAnswer } from '../../api/endpoints';
import { PAGE_SIZE } from '../../lib/constants';
import { type AuthState, selectIsSignedIn } from '../../session/auth-slice';
import { lockedOffer } from '../../session/purchase-slice';
import { toastShown } from '../../session/toast-slice';
import {
  type ProgramsState,
  chapterFailed,
  chapterLoaded,
  chapterRequested,
  moreProgramsRequested,
  programFailed,
  programFilterOptionsFailed,
  programFilterOptionsLoaded,
  programFilterOptionsRequested,
  programFiltersChanged,
  programLoaded,
  programRequested,
  programSortChanged,
  programsFailed,
  programsLoaded,
  programsLoadStarted,
  programsQueryRestored,
  programsRequested,
  programsRetried,
  progressFailed,
  progressSaved,
  progressSaveStarted,
  subchapterPlayed,
} from './slice';

const selectState = (state: { programs: ProgramsState }) => state.programs;

function* loadPage(start: number) {
  const { filters, sort }: ProgramsState = yield select(selectState);
  yield put(programsLoadStarted());
  try {
    const items: ApiAnswer<'programs'> = yield call(api.programs, {
      _limit: PAGE_SIZE.programs,
      _start: start,
      _sort: `${sort}:asc`,
      ...filters,
    });
    yield put(programsLoaded({ items, start }));
  } catch (error) {
    console.error('Programs fetch failed', error);
    yield put(programsFailed());
    yield put(toastShown({ type: 'error', action: 'fetch', key: 'programs' }));
  }
}

// One watcher for every restart of the list, so that a newer filter or sort cancels an older load.
// The pages an address asks for, one after the other, until the list ends or a load fails.
function* loadPages(pages: number) {
  for (let page = 0; page < pages; page += 1) {
    const state: ProgramsState = yield select(selectState);
    if (page > 0 && (!state.hasMore || state.status === 'failed')) return;
    yield call(loadPage, state.items.length);
  }
}

function* listRequested(action: { type: string }) {
  const state: ProgramsState = yield select(selectState);
  if (programsQueryRestored.match(action)) yield call(loadPages, state.pages);
  else if (programsRetried.match(action) && state.items.length > 0) yield call(loadPage, state.items.length);
  else if (!programsRequested.match(action) || state.items.length === 0) yield call(loadPage, 0);
}

function* nextPage() {
  const state: ProgramsState = yield select(selectState);
  if (state.hasMore && state.status !== 'loading') yield call(loadPage, state.items.length);
}

function* loadOptions() {
  try {
    const [topics, levels, trainers]: [ApiAnswer<'topics'>, ApiAnswer<'difficultyLevels'>, ApiAnswer<'trainers'>] =
      yield all([call(api.topics), call(api.difficultyLevels), call(api.trainers)]);
    yield put(programFilterOptionsLoaded({ topics, levels, trainers }));
  } catch (error) {
    console.error('Program filters fetch failed', error);
    yield put(programFilterOptionsFailed());
  }
}

function* loadProgram(action: ReturnType<typeof programRequested>) {
  try {
    const program: ApiAnswer<'program'> = yield call(api.program, action.payload);
    yield put(programLoaded(program));
  } catch (error) {
    const status = error instanceof ApiError ? error.status : null;
    console.error('Program fetch failed', error);
    yield put(programFailed(status, lockedOffer(error)));
    if (status !== 404 && status !== 403) yield put(toastShown({ type: 'error', action: 'fetch', key: 'program' }));
  }
}

function* loadChapter(action: ReturnType<typeof chapterRequested>) {
  try {
    const chapter: ApiAnswer<'programChapter'> = yield call(api.programChapter, action.payload);
    yield put(chapterLoaded(chapter));
  } catch (error) {
    const status = error instanceof ApiError ? error.status : null;
    console.error('Chapter fetch failed', error);
    yield put(chapterFailed(status));
    if (status !== 404 && status !== 403) yield put(toastShown({ type: 'error', action: 'fetch', key: 'chapter' }));
  }
}

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
  yield takeLatest(
    [
      programsRequested.type,
      programsRetried.type,
      programsQueryRestored.type,
      programFiltersChanged.type,
      programSortChanged.type,
    ],
    listRequested,
  );
  yield takeLeading(moreProgramsRequested.type, nextPage);
  yield takeLeading(programFilterOptionsRequested.type, loadOptions);
  yield takeLatest(programRequested.type, loadProgram);
  yield takeLatest(chapterRequested.type, loadChapter);
  yield takeEvery(subchapterPlayed.type, saveProgress);
}
