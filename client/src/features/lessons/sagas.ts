// Lessons list paging (24 a page, restart on a filter or sort change), count, filter options,
// and one lesson with 'On the same topic' and 'From the same teacher'.
import { all, call, put, takeLatest } from 'redux-saga/effects';
import { api, type ApiAnswer } from '../../api/endpoints';
import type { LessonCard } from '../../api/contract';
import { PAGE_SIZE, RELATED_LESSONS, sortParameter } from '../../lib/constants';
import { takeFilteredList } from '../../state/list-cases';
import { fetchAll, itemFailed } from '../../state/request';
import { lessonsActions, lessonsList } from './slice';

function* loadLesson(action: ReturnType<typeof lessonsActions.lessonRequested>) {
  let lesson: ApiAnswer<'lesson'>;
  try {
    lesson = yield call(api.lesson, action.payload);
  } catch (error) {
    console.error('Lesson fetch failed', error);
    for (const each of lessonFailure(error)) yield put(each);
    return;
  }
  yield put(lessonsActions.lessonLoaded(lesson));
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
    yield put(lessonsActions.relatedLessonsLoaded({ sameTopic: others(sameTopic), sameTeacher: others(sameTeacher) }));
  } catch (error) {
    // The lesson itself is there; the related rows stay empty.
    console.error('Related lessons fetch failed', error);
  }
}

// The lesson is not takeRequest's: its related lists load once it is there.
const lessonFailure = itemFailed(lessonsActions.lessonFailed, 'lesson');

export function* lessonsSaga() {
  yield takeFilteredList(lessonsList, {
    fetch: ({ filters, sort }, start) =>
      api.lessons({ _limit: PAGE_SIZE.lessons, _start: start, _sortBy: sortParameter(sort), ...filters }),
    alongFirstPage: async ({ filters }) => lessonsActions.lessonCountLoaded(await api.lessonCount({ ...filters })),
    filterOptions: () =>
      fetchAll({ categories: api.lessonCategories, teachers: api.teachers, levels: api.difficultyLevels }),
  });
  yield takeLatest(lessonsActions.lessonRequested.type, loadLesson);
}
