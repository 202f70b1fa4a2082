// Lessons: the filtered, sorted, paged list with its count and filter options, and one lesson
// with its related lists.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Lesson, LessonCard, Level, Named } from '../../api/contract';
import type { Filters } from '../../components/filter-rules';
import { PAGE_SIZE, type SortOption } from '../../lib/constants';
import {
  named,
  itemReducers,
  itemState,
  type ItemState,
  pagedReducers,
  pagedState,
  type PagedState,
  requestReducers,
  requestState,
  type RequestState,
} from '../../lib/request';

export type LessonFilterKey = 'lesson_category' | 'teacher' | 'difficulty_level';
export type LessonFilters = Filters<LessonFilterKey>;

export const NO_LESSON_FILTERS: LessonFilters = {
  lesson_category: null,
  teacher: null,
  difficulty_level: null,
};

export type LessonFilterOptions = { categories: Named[]; teachers: Named[]; levels: Level[] };

export interface LessonsState extends PagedState<LessonCard> {
  total: number | null;
  filters: LessonFilters;
  sort: SortOption['key'];
  /** Pages asked for (Load more adds one); the address keeps it (components/list-query.ts). */
  pages: number;
  options: RequestState<LessonFilterOptions>;
  lesson: ItemState<Lesson>;
  sameTopic: LessonCard[];
  sameTeacher: LessonCard[];
}

export const initialLessonsState: LessonsState = {
  ...pagedState<LessonCard>(),
  total: null,
  filters: NO_LESSON_FILTERS,
  sort: 'title',
  pages: 1,
  options: requestState(),
  lesson: itemState(),
  sameTopic: [],
  sameTeacher: [],
};

function restart(state: LessonsState) {
  state.pages = 1;
  state.items = [];
  state.hasMore = true;
  state.total = null;
}

const list = pagedReducers((state: LessonsState) => state, PAGE_SIZE.lessons);
const options = requestReducers((state: LessonsState) => state.options);
const lesson = itemReducers((state: LessonsState) => state.lesson);

export const lessonsSlice = createSlice({
  name: 'lessons',
  initialState: initialLessonsState,
  reducers: {
    lessonsRequested() {},
    moreLessonsRequested(state) {
      if (state.hasMore && state.status !== 'loading') state.pages += 1;
    },
    /** The address says which filters, sort and pages to show (a reload, Back, a shared link). */
    lessonsQueryRestored(
      state,
      action: PayloadAction<{ filters: LessonFilters; sort: SortOption['key']; pages: number }>,
    ) {
      restart(state);
      state.filters = action.payload.filters;
      state.sort = action.payload.sort;
      state.pages = action.payload.pages;
    },
    /** Retry after a failed load: the first page again, or the page that failed to append. */
    lessonsRetried() {},
    lessonFiltersChanged(state, action: PayloadAction<LessonFilters>) {
      state.filters = action.payload;
      restart(state);
    },
    lessonSortChanged(state, action: PayloadAction<SortOption['key']>) {
      state.sort = action.payload;
      restart(state);
    },
    ...named('lessons', list),
    lessonCountLoaded(state, action: PayloadAction<number>) {
      state.total = action.payload;
    },
    ...named('filterOptions', options),
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

export const {
  lessonsRequested,
  moreLessonsRequested,
  lessonsQueryRestored,
  lessonsRetried,
  lessonFiltersChanged,
  lessonSortChanged,
  lessonsLoadStarted,
  lessonsLoaded,
  lessonsFailed,
  lessonCountLoaded,
  filterOptionsRequested,
  filterOptionsLoaded,
  filterOptionsFailed,
  lessonRequested,
  lessonLoaded,
  lessonFailed,
  relatedLessonsLoaded,
} = lessonsSlice.actions;

export const selectLessons = (state: { lessons: LessonsState }) => state.lessons;
