// Lessons: the filtered, sorted, paged list with its count and filter options, and one lesson
// with its related lists.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Lesson, LessonCard, Level, Named } from '../../api/contract';
import type { Filters } from '../../components/filter-rules';
import { lockedRoute } from '../../components/locked-route';
import { PAGE_SIZE, type SortOption } from '../../lib/constants';
import type { RequestStatus } from '../../session/status';

export type LessonFilterKey = 'lesson_category' | 'teacher' | 'difficulty_level';
export type LessonFilters = Filters<LessonFilterKey>;

export const NO_LESSON_FILTERS: LessonFilters = {
  lesson_category: null,
  teacher: null,
  difficulty_level: null,
};

export interface LessonsState {
  items: LessonCard[];
  status: RequestStatus;
  hasMore: boolean;
  total: number | null;
  filters: LessonFilters;
  sort: SortOption['key'];
  /** Pages asked for (Load more adds one); the address keeps it (components/list-query.ts). */
  pages: number;
  options: { categories: Named[]; teachers: Named[]; levels: Level[] };
  optionsStatus: RequestStatus;
  single: Lesson | null;
  singleStatus: RequestStatus;
  /** HTTP status of a failed lesson fetch (404, 403 or another), for the page to route on. */
  singleErrorStatus: number | null;
  sameTopic: LessonCard[];
  sameTeacher: LessonCard[];
}

export const initialLessonsState: LessonsState = {
  items: [],
  status: 'idle',
  hasMore: true,
  total: null,
  filters: NO_LESSON_FILTERS,
  sort: 'title',
  pages: 1,
  options: { categories: [], teachers: [], levels: [] },
  optionsStatus: 'idle',
  single: null,
  singleStatus: 'idle',
  singleErrorStatus: null,
  sameTopic: [],
  sameTeacher: [],
};

function restart(state: LessonsState) {
  state.pages = 1;
  state.items = [];
  state.hasMore = true;
  state.total = null;
}

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
    lessonsLoadStarted(state) {
      state.status = 'loading';
    },
    lessonsLoaded(state, action: PayloadAction<{ items: LessonCard[]; start: number }>) {
      const { items, start } = action.payload;
      state.status = 'succeeded';
      // A page that does not continue the list (an older load finishing late) is dropped.
      if (start !== 0 && start !== state.items.length) return;
      state.items = start === 0 ? items : [...state.items, ...items];
      state.hasMore = items.length === PAGE_SIZE.lessons;
    },
    lessonsFailed(state) {
      state.status = 'failed';
    },
    lessonCountLoaded(state, action: PayloadAction<number>) {
      state.total = action.payload;
    },
    filterOptionsRequested(state) {
      state.optionsStatus = 'loading';
    },
    filterOptionsLoaded(state, action: PayloadAction<LessonsState['options']>) {
      state.optionsStatus = 'succeeded';
      state.options = action.payload;
    },
    filterOptionsFailed(state) {
      state.optionsStatus = 'failed';
    },
    lessonRequested(state, _action: PayloadAction<string>) {
      state.single = null;
      state.singleStatus = 'loading';
      state.singleErrorStatus = null;
      state.sameTopic = [];
      state.sameTeacher = [];
    },
    lessonLoaded(state, action: PayloadAction<Lesson>) {
      state.single = action.payload;
      state.singleStatus = 'succeeded';
    },
    lessonFailed(state, action: PayloadAction<number | null>) {
      state.singleStatus = 'failed';
      state.singleErrorStatus = action.payload;
    },
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

/** Where a failed lesson fetch leads: the 404 page, login, upgrade, or stay (null). */
export const lessonErrorRoute = lockedRoute;
