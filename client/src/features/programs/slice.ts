// Programs: the filtered, sorted list (8 a page), one program, one chapter, and progress.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Level, LockedOffer, Named, Program, ProgramCard, ProgramChapter, Subchapter } from '../../api/contract';
import type { Filters } from '../../components/filter-rules';
import { PAGE_SIZE, type SortOption } from '../../lib/constants';
import type { RequestStatus } from '../../session/status';

export type ProgramFilterKey = 'topic' | 'level' | 'trainers';
export type ProgramFilters = Filters<ProgramFilterKey>;
export const NO_PROGRAM_FILTERS: ProgramFilters = { topic: null, level: null, trainers: null };

export interface ProgramsState {
  items: ProgramCard[];
  status: RequestStatus;
  hasMore: boolean;
  filters: ProgramFilters;
  sort: SortOption['key'];
  /** Pages asked for (Load more adds one); the address keeps it (components/list-query.ts). */
  pages: number;
  options: { topics: Named[]; levels: Level[]; trainers: Named[] };
  optionsStatus: RequestStatus;
  single: Program | null;
  singleStatus: RequestStatus;
  singleErrorStatus: number | null;
  /** A locked program for sale: what its 403 offers. */
  singleOffer: LockedOffer | null;
  chapter: ProgramChapter | null;
  chapterStatus: RequestStatus;
  chapterErrorStatus: number | null;
  progressStatus: RequestStatus;
}

export const initialProgramsState: ProgramsState = {
  items: [],
  status: 'idle',
  hasMore: true,
  filters: NO_PROGRAM_FILTERS,
  sort: 'title',
  pages: 1,
  options: { topics: [], levels: [], trainers: [] },
  optionsStatus: 'idle',
  single: null,
  singleStatus: 'idle',
  singleErrorStatus: null,
  singleOffer: null,
  chapter: null,
  chapterStatus: 'idle',
  chapterErrorStatus: null,
  progressStatus: 'idle',
};

export const programsSlice = createSlice({
  name: 'programs',
  initialState: initialProgramsState,
  reducers: {
    programsRequested() {},
    /** Retry after a failed load: the first page again, or the page that failed to append. */
    programsRetried() {},
    moreProgramsRequested(state) {
      if (state.hasMore && state.status !== 'loading') state.pages += 1;
    },
    programFiltersChanged(state, action: PayloadAction<ProgramFilters>) {
      state.filters = action.payload;
      state.items = [];
      state.hasMore = true;
      state.pages = 1;
    },
    programSortChanged(state, action: PayloadAction<SortOption['key']>) {
      state.sort = action.payload;
      state.items = [];
      state.hasMore = true;
      state.pages = 1;
    },
    /** The address says which filters, sort and pages to show (a reload, Back, a shared link). */
    programsQueryRestored(
      state,
      action: PayloadAction<{ filters: ProgramFilters; sort: SortOption['key']; pages: number }>,
    ) {
      state.filters = action.payload.filters;
      state.sort = action.payload.sort;
      state.pages = action.payload.pages;
      state.items = [];
      state.hasMore = true;
    },
    programsLoadStarted(state) {
      state.status = 'loading';
    },
    programsLoaded(state, action: PayloadAction<{ items: ProgramCard[]; start: number }>) {
      const { items, start } = action.payload;
      state.status = 'succeeded';
      // A page that does not continue the list (an older load finishing late) is dropped.
      if (start !== 0 && start !== state.items.length) return;
      state.items = start === 0 ? items : [...state.items, ...items];
      state.hasMore = items.length === PAGE_SIZE.programs;
    },
    programsFailed(state) {
      state.status = 'failed';
    },
    /** Clear resets everything: the list, the single program and the chapter. */
    programsCleared() {
      return initialProgramsState;
    },
    programFilterOptionsRequested(state) {
      state.optionsStatus = 'loading';
    },
    programFilterOptionsLoaded(state, action: PayloadAction<ProgramsState['options']>) {
      state.optionsStatus = 'succeeded';
      state.options = action.payload;
    },
    programFilterOptionsFailed(state) {
      state.optionsStatus = 'failed';
    },
    programRequested(state, _action: PayloadAction<string>) {
      state.single = null;
      state.singleStatus = 'loading';
      state.singleErrorStatus = null;
      state.singleOffer = null;
    },
    programLoaded(state, action: PayloadAction<Program>) {
      state.single = action.payload;
      state.singleStatus = 'succeeded';
    },
    programFailed: {
      reducer(state, action: PayloadAction<{ status: number | null; offer: LockedOffer | null }>) {
        state.singleStatus = 'failed';
        state.singleErrorStatus = action.payload.status;
        state.singleOffer = action.payload.offer;
      },
      prepare: (status: number | null, offer: LockedOffer | null = null) => ({ payload: { status, offer } }),
    },
    chapterRequested(state, _action: PayloadAction<string>) {
      state.chapter = null;
      state.chapterStatus = 'loading';
      state.chapterErrorStatus = null;
    },
    chapterLoaded(state, action: PayloadAction<ProgramChapter>) {
      state.chapter = action.payload;
      state.chapterStatus = 'succeeded';
    },
    chapterFailed(state, action: PayloadAction<number | null>) {
      state.chapterStatus = 'failed';
      state.chapterErrorStatus = action.payload;
    },
    /** A subchapter video started (its id as the chapter gives it): 100 % progress for a
     * signed-in viewer. */
    subchapterPlayed(_state, _action: PayloadAction<Subchapter['id']>) {},
    progressSaveStarted(state) {
      state.progressStatus = 'loading';
    },
    progressSaved(state, action: PayloadAction<Subchapter['id']>) {
      state.progressStatus = 'succeeded';
      const subchapter = state.chapter?.subchapters.find((item) => item.id === action.payload);
      if (subchapter) subchapter.progress = 100;
    },
    progressFailed(state) {
      state.progressStatus = 'failed';
    },
  },
});

export const {
  programsRequested,
  programsRetried,
  programsQueryRestored,
  moreProgramsRequested,
  programFiltersChanged,
  programSortChanged,
  programsLoadStarted,
  programsLoaded,
  programsFailed,
  programsCleared,
  programFilterOptionsRequested,
  programFilterOptionsLoaded,
  programFilterOptionsFailed,
  programRequested,
  programLoaded,
  programFailed,
  chapterRequested,
  chapterLoaded,
  chapterFailed,
  subchapterPlayed,
  progressSaveStarted,
  progressSaved,
  progressFailed,
} = programsSlice.actions;

export const selectPrograms = (state: { programs: ProgramsState }) => state.programs;

/** Chapter card colour: 100 light purple (done), 0 grey (not started), otherwise purple. */
export function chapterTone(progress: number | null | undefined): 'done' | 'new' | 'started' {
  if (progress === 100) return 'done';
  if (!progress) return 'new';
  return 'started';
}

/** 'Program chapter (1)' or 'Program chapters (n)'. */
export function chaptersHeading(count: number): string {
  return `Program chapter${count > 1 ? 's' : ''} (${count})`;
}
