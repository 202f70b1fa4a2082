// Programs: the filtered, sorted list (8 a page), one program and one chapter.
import { createSlice } from '@reduxjs/toolkit';
import type { Level, Named, Program, ProgramCard, ProgramChapter } from '../../api/contract';
import type { Filters } from '../../lib/filter-rules';
import { filteredListCases, filteredListOf, type FilteredListState, filteredListState } from '../../state/list-cases';
import { PAGE_SIZE } from '../../lib/constants';
import { itemCases, type ItemState, itemState } from '../../state/request';

export type ProgramFilterKey = 'topic' | 'level' | 'trainers';
export type ProgramFilters = Filters<ProgramFilterKey>;
export const NO_PROGRAM_FILTERS: ProgramFilters = { topic: null, level: null, trainers: null };

export type ProgramFilterOptions = { topics: Named[]; levels: Level[]; trainers: Named[] };

/** Pages asked for (Load more adds one) are kept in `pages`; the address keeps them too
 * (components/list-query.ts). */
export interface ProgramsState extends FilteredListState<ProgramFilterKey, ProgramCard, ProgramFilterOptions> {
  program: ItemState<Program>;
  chapter: ItemState<ProgramChapter>;
}

export const initialProgramsState: ProgramsState = {
  ...filteredListState<ProgramFilterKey, ProgramCard, ProgramFilterOptions>(NO_PROGRAM_FILTERS),
  program: itemState(),
  chapter: itemState(),
};

export const programsSlice = createSlice({
  name: 'programs',
  initialState: initialProgramsState,
  reducers: {
    ...filteredListCases('program', 'programs', PAGE_SIZE.programs, (state: ProgramsState) => state),
    /** Clear resets everything: the list, the single program and the chapter. */
    programsCleared() {
      return initialProgramsState;
    },
    ...itemCases('program', (state: ProgramsState) => state.program),
    ...itemCases('chapter', (state: ProgramsState) => state.chapter),
  },
});

export const programsActions = programsSlice.actions;

export const selectPrograms = (state: { programs: ProgramsState }) => state.programs;

/** The list for its page (components/FilteredList.tsx) and its sagas (takeFilteredList). */
export const programsList = filteredListOf(programsActions, 'program', 'programs', selectPrograms);

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
