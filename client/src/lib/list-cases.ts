// The case reducers of a list page's slice, named after what it lists: a paged list (articles)
// and a filtered, sorted one whose address keeps its query (lessons, programs). Both name their
// actions alike, `lessonsRequested`, `moreLessonsRequested`, `lessonFiltersChanged`, so that
// their sagas and pages pick them by the same two words (listActions).
import type { CaseReducer, PayloadAction } from '@reduxjs/toolkit';
import type { Filters } from '../components/filter-rules';
import type { ListQuery } from '../components/list-query';
import type { SortOption } from './constants';
import { capitalized } from './format';
import {
  named,
  type Page,
  pagedReducers,
  pagedState,
  type PagedState,
  requestState,
  type RequestState,
} from './request';

type Case<S, P = void> = CaseReducer<S, PayloadAction<P>>;

type PagedListCases<S, T, Many extends string> = Record<
  `${Many}Requested` | `more${Capitalize<Many>}Requested` | `${Many}Retried` | `${Many}LoadStarted` | `${Many}Failed`,
  Case<S>
> &
  Record<`${Many}Loaded`, Case<S, Page<T>>>;

/**
 * A list loaded a page at a time: the page asks for it (the first page, unless a list is
 * there), Load more, Retry after a failure (the first page again, or the page that failed to
 * append), and a page's load.
 */
export function pagedListCases<S, T, Many extends string>(
  many: Many,
  pick: (state: S) => PagedState<T>,
  pageSize: number,
): PagedListCases<S, T, Many> {
  const nothing = () => {};
  return {
    [`${many}Requested`]: nothing,
    [`more${capitalized(many)}Requested`]: nothing,
    [`${many}Retried`]: nothing,
    ...named(many, pagedReducers(pick, pageSize)),
  } as PagedListCases<S, T, Many>;
}

/** What the store keeps of a filtered list besides its pages. */
export interface FilteredListQuery<Key extends string> extends PagedState<unknown>, ListQuery<Key> {}

/** A filtered list's state: its pages, its query, and the choices its filters offer. */
export interface FilteredListState<Key extends string, Card, Options> extends PagedState<Card>, ListQuery<Key> {
  options: RequestState<Options>;
}

/** An empty filtered list: no filter, sorted by title, one page, no choices loaded yet. */
export function filteredListState<Key extends string, Card, Options>(
  noFilters: Filters<Key>,
): FilteredListState<Key, Card, Options> {
  return { ...pagedState<Card>(), filters: noFilters, sort: 'title', pages: 1, options: requestState() };
}

type FilteredListCases<S, T, Key extends string, One extends string, Many extends string> = PagedListCases<S, T, Many> &
  Record<`${Many}QueryRestored`, Case<S, ListQuery<Key>>> &
  Record<`${One}FiltersChanged`, Case<S, Filters<Key>>> &
  Record<`${One}SortChanged`, Case<S, SortOption['key']>>;

/**
 * A filtered, sorted list a page at a time. Load more counts the pages the address keeps; a new
 * filter, sort or address empties the list, which then starts again (`onRestart` empties what
 * the slice keeps besides, such as a count).
 */
export function filteredListCases<
  S extends FilteredListQuery<Key>,
  T,
  Key extends string,
  One extends string,
  Many extends string,
>(
  one: One,
  many: Many,
  pageSize: number,
  onRestart: (state: S) => void = () => {},
): FilteredListCases<S, T, Key, One, Many> {
  function restart(state: S) {
    state.pages = 1;
    state.items = [];
    state.hasMore = true;
    onRestart(state);
  }
  return {
    ...pagedListCases<S, T, Many>(many, (state) => state as PagedState<T>, pageSize),
    [`more${capitalized(many)}Requested`]: (state: S) => {
      if (state.hasMore && state.status !== 'loading') state.pages += 1;
    },
    /** The address says which filters, sort and pages to show (a reload, Back, a shared link). */
    [`${many}QueryRestored`]: (state: S, action: PayloadAction<ListQuery<Key>>) => {
      restart(state);
      state.filters = action.payload.filters;
      state.sort = action.payload.sort;
      state.pages = action.payload.pages;
    },
    [`${one}FiltersChanged`]: (state: S, action: PayloadAction<Filters<Key>>) => {
      state.filters = action.payload;
      restart(state);
    },
    [`${one}SortChanged`]: (state: S, action: PayloadAction<SortOption['key']>) => {
      state.sort = action.payload;
      restart(state);
    },
  } as FilteredListCases<S, T, Key, One, Many>;
}

type Creator = (...args: never[]) => { type: string };
type PagedListActionNames<Many extends string> =
  | `${Many}Requested`
  | `more${Capitalize<Many>}Requested`
  | `${Many}Retried`
  | `${Many}LoadStarted`
  | `${Many}Loaded`
  | `${Many}Failed`;

/** A paged list's actions among a slice's, by the role each plays (for takePagedList). */
export function pagedListActions<A extends Record<PagedListActionNames<Many>, Creator>, Many extends string>(
  actions: A,
  many: Many,
) {
  return {
    requested: actions[`${many}Requested`],
    more: actions[`more${capitalized(many)}Requested`],
    retried: actions[`${many}Retried`],
    loadStarted: actions[`${many}LoadStarted`],
    loaded: actions[`${many}Loaded`],
    failed: actions[`${many}Failed`],
  };
}

/** A filtered list's actions among a slice's, by the role each plays (for takePagedList and
 * FilteredList). */
export function filteredListActions<
  A extends Record<
    PagedListActionNames<Many> | `${Many}QueryRestored` | `${One}FiltersChanged` | `${One}SortChanged`,
    Creator
  >,
  One extends string,
  Many extends string,
>(actions: A, one: One, many: Many) {
  return {
    ...pagedListActions(actions, many),
    restored: actions[`${many}QueryRestored`],
    filtersChanged: actions[`${one}FiltersChanged`],
    sortChanged: actions[`${one}SortChanged`],
  };
}
