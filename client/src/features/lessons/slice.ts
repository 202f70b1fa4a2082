// Lessons: the filtered, sorted, paged list with its count and filter options, and one lesson
// with its related lists.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Lesson, LessonCard, Level, Named } from '../../api/contract';
import type { Filters } from '../../lib/filter-rules';
import { filteredListCases, filteredListOf, type FilteredListState, filteredListState } from '../../state/list-cases';
import { PAGE_SIZE } from '../../lib/constants';
import { itemReducers, type ItemState, itemState } from '../../state/request';

export type LessonFilterKey = 'lesson_category' | 'teacher' | 'difficulty_level';
export type LessonFilters = Filters<LessonFilterKey>;

export const NO_LESSON_FILTERS: LessonFilters = {
  lesson_category: null,
  teacher: null,
  difficulty_level: null,
};

export type LessonFilterOptions = { categories: Named[]; teachers: Named[]; levels: Level[] };

/** Pages asked for (Load more adds one) are kept in `pages`; the address keeps them too
 * (components/list-query.ts). */
export interface LessonsState extends FilteredListState<LessonFilterKey, LessonCard, LessonFilterOptions> {
  total: number | null;
  lesson: ItemState<Lesson>;
  sameTopic: LessonCard[];
  sameTeacher: LessonCard[];
}

export const initialLessonsState: LessonsState = {
  ...filteredListState<LessonFilterKey, LessonCard, LessonFilterOptions>(NO_LESSON_FILTERS),
  total: null,
  lesson: itemState(),
  sameTopic: [],
  sameTeacher: [],
};

/** A new query drops the count of the old one. */
function dropCount(state: LessonsState) {
  state.total = null;
}

const lesson = itemReducers((state: LessonsState) => state.lesson);

export const lessonsSlice = createSlice({
  name: 'lessons',
  initialState: initialLessonsState,
  reducers: {
    ...filteredListCases('lesson', 'lessons', PAGE_SIZE.lessons, (state: LessonsState) => state, dropCount),
    lessonCountLoaded(state, action: PayloadAction<number>) {
      state.total = action.payload;
    },
    lessonRequested(state, action: PayloadAction<string>) {
      lesson.requested(state, action);
      state.sameTopic = [];
      state.sameTeacher = [];
    },
    lessonLoaded: lesson.loaded,
    lessonFailed: lesson.failed,
    relatedLessonsLoaded(state, action: PayloadAction<{ sameTopic: LessonCard[]; sameTeacher: LessonCard[] }>) {
      state.sameTopic = action.payload.sameTopic;
      state.sameTeacher = action.payload.sameTeacher;
    },
  },
});

export const lessonsActions = lessonsSlice.actions;

export const selectLessons = (state: { lessons: LessonsState }) => state.lessons;

/** The list for its page (components/FilteredList.tsx) and its sagas (takeFilteredList). */
export const lessonsList = filteredListOf(lessonsActions, 'lesson', 'lessons', selectLessons);
