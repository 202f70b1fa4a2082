// Lessons list paging (24 a page, restart on a filter or sort change), count, filter options,
// and one lesson with 'On the same topic' and 'From the same teacher'.
import { all, call, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import { ApiError } from '../../api/client';
import { api, type ApiAnswer } from '../../api/endpoints';
import type { LessonCard } from '../../api/contract';
import { PAGE_SIZE, RELATED_LESSONS } from '../../lib/constants';
import { toastShown } from '../../session/toast-slice';
import {
  type LessonsState,
  filterOptionsFailed,
  filterOptionsLoaded,
  filterOptionsRequested,
  lessonCountLoaded,
  lessonFailed,
  lessonFiltersChanged,
  lessonLoaded,
  lessonRequested,
  lessonSortChanged,
  lessonsFailed,
  lessonsLoaded,
  lessonsLoadStarted,
  lessonsQueryRestored,
  lessonsRequested,
  lessonsRetried,
  moreLessonsRequested,
  relatedLessonsLoaded,
} from './slice';

const selectState = (state: { lessons: LessonsState }) => state.lessons;

function* loadPage(start: number) {
  const { filters, sort }: LessonsState = yield select(selectState);
  yield put(lessonsLoadStarted());
  try {
    const [items, total]: [LessonCard[], number | null] = yield all([
      call(api.lessons, { _limit: PAGE_SIZE.lessons, _start: start, _sortBy: `${sort}:asc`, ...filters }),
      start === 0 ? call(api.lessonCount, { ...filters }) : null,
    ]);
    yield put(lessonsLoaded({ items, start }));
    if (total !== null) yield put(lessonCountLoaded(total));
  } catch (error) {
    console.error('Lessons fetch failed', error);
    yield put(lessonsFailed());
    yield put(toastShown({ type: 'error', action: 'fetch', key: 'lessons' }));
  }
}

// One watcher for every restart of the list, so that a newer filter or sort cancels an older load.
// The pages an address asks for, one after the other, until the list ends or a load fails.
function* loadPages(pages: number) {
  for (let page = 0; page < pages; page += 1) {
    const state: LessonsState = yield select(selectState);
    if (page > 0 && (!state.hasMore || state.status === 'failed')) return;
    yield call(loadPage, state.items.length);
  }
}

function* listRequested(action: { type: string }) {
  const state: LessonsState = yield select(selectState);
  if (lessonsQueryRestored.match(action)) yield call(loadPages, state.pages);
  else if (lessonsRetried.match(action) && state.items.length > 0) yield call(loadPage, state.items.length);
  else if (!lessonsRequested.match(action) || state.items.length === 0) yield call(loadPage, 0);
}

function* nextPage() {
  const state: LessonsState = yield select(selectState);
  if (state.hasMore && state.status !== 'loading') yield call(loadPage, state.items.length);
}

function* loadFilterOptions() {
  try {
    const [categories, teachers, levels]: [
      ApiAnswer<'lessonCategories'>,
      ApiAnswer<'teachers'>,
      ApiAnswer<'difficultyLevels'>,
    ] = yield all([call(api.lessonCategories), call(api.teachers), call(api.difficultyLevels)]);
    yield put(filterOptionsLoaded({ categories, teachers, levels }));
  } catch (error) {
    console.error('Lesson filters fetch failed', error);
    yield put(filterOptionsFailed());
  }
}

function* loadLesson(action: ReturnType<typeof lessonRequested>) {
  let lesson: ApiAnswer<'lesson'>;
  try {
    lesson = yield call(api.lesson, action.payload);
  } catch (error) {
    const status = error instanceof ApiError ? error.status : null;
    console.error('Lesson fetch failed', error);
    yield put(lessonFailed(status));
    if (status !== 404 && status !== 403) {
      yield put(toastShown({ type: 'error', action: 'fetch', key: 'lesson' }));
    }
    return;
  }
  yield put(lessonLoaded(lesson));
  try {
    const [sameTopic, sameTeacher]: [LessonCard[], LessonCard[]] = yield all([
      lesson.lesson_category
        ? call(api.lessons, {
            _limit: RELATED_LESSONS,
            _start: 0,
            lesson_category: lesson.lesson_category.id,
            _sortBy: 'difficulty_level:asc',
          })
        : [],
      lesson.teacher
        ? call(api.lessons, { _limit: RELATED_LESSONS, _start: 0, teacher: lesson.teacher.id, _sortBy: 'title:asc' })
        : [],
    ]);
    const others = (items: LessonCard[]) => items.filter((item) => item.id !== lesson.id);
    yield put(relatedLessonsLoaded({ sameTopic: others(sameTopic), sameTeacher: others(sameTeacher) }));
  } catch (error) {
    // The lesson itself is there; the related rows stay empty.
    console.error('Related lessons fetch failed', error);
  }
}

export function* lessonsSaga() {
  yield takeLatest(
    [
      lessonsRequested.type,
      lessonsRetried.type,
      lessonsQueryRestored.type,
      lessonFiltersChanged.type,
      lessonSortChanged.type,
    ],
    listRequested,
  );
  yield takeLeading(moreLessonsRequested.type, nextPage);
  yield takeLeading(filterOptionsRequested.type, loadFilterOptions);
  yield takeLatest(lessonRequested.type, loadLesson);
}
