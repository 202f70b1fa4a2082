// The case reducers of a list page's slice, named after what it lists: a paged list (articles)
// and a filtered, sorted one whose address keeps its query (lessons, programs). Both name their
// actions alike, `lessonsRequested`, `moreLessonsRequested`, `lessonFiltersChanged`, so that
// their sagas and pages pick them by the same two words (pagedListActions, filteredListOf). A
// filtered list's slice also keeps the choices its filters offer, and takeFilteredList is its sagas.
import type { CaseReducer, PayloadAction, UnknownAction } from '@reduxjs/toolkit';
import { all } from 'redux-saga/effects';
import type { Filters } from '../lib/filter-rules';
import type { ListQuery } from '../lib/list-query';
import type { SortOption } from '../lib/constants';
import { capitalized } from '../lib/format';
import {
  named,
  type Page,
  pagedReducers,
  pagedState,
  type PagedActions,
  type PagedFlow,
  type PagedState,
  requestCases,
  requestState,
  type RequestState,
  takePagedList,
  takeRequest,
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

type FilteredListCases<S, T, Key extends string, Options, One extends string, Many extends string> = PagedListCases<
  S,
  T,
  Many
> &
  Record<`${Many}QueryRestored`, Case<S, ListQuery<Key>>> &
  Record<`${One}FiltersChanged`, Case<S, Filters<Key>>> &
  Record<`${One}SortChanged`, Case<S, SortOption['key']>> &
  Record<`${One}FilterOptionsRequested` | `${One}FilterOptionsFailed`, Case<S>> &
  Record<`${One}FilterOptionsLoaded`, Case<S, Options>>;

/**
 * A filtered, sorted list a page at a time (the one `pick` finds in a slice's state), and the
 * choices its filters offer (`lessonFilterOptionsRequested`...). Load more counts the pages the
 * address keeps; a new filter, sort or address empties the list, which then starts again
 * (`onRestart` empties what the slice keeps besides, such as a count).
 */
export function filteredListCases<S, T, Key extends string, Options, One extends string, Many extends string>(
  one: One,
  many: Many,
  pageSize: number,
  pick: (state: S) => FilteredListState<Key, T, Options>,
  onRestart: (state: S) => void = () => {},
): FilteredListCases<S, T, Key, Options, One, Many> {
  function restart(state: S) {
    const list = pick(state);
    list.pages = 1;
    list.items = [];
    list.hasMore = true;
    onRestart(state);
  }
  return {
    ...pagedListCases<S, T, Many>(many, pick, pageSize),
    [`more${capitalized(many)}Requested`]: (state: S) => {
      const list = pick(state);
      if (list.hasMore && list.status !== 'loading') list.pages += 1;
    },
    /** The address says which filters, sort and pages to show (a reload, Back, a shared link). */
    [`${many}QueryRestored`]: (state: S, action: PayloadAction<ListQuery<Key>>) => {
      restart(state);
      const list = pick(state);
      list.filters = action.payload.filters;
      list.sort = action.payload.sort;
      list.pages = action.payload.pages;
    },
    [`${one}FiltersChanged`]: (state: S, action: PayloadAction<Filters<Key>>) => {
      pick(state).filters = action.payload;
      restart(state);
    },
    [`${one}SortChanged`]: (state: S, action: PayloadAction<SortOption['key']>) => {
      pick(state).sort = action.payload;
      restart(state);
    },
    ...requestCases(`${one}FilterOptions`, (state: S) => pick(state).options),
  } as FilteredListCases<S, T, Key, Options, One, Many>;
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

type RequestCreator = { type: string; match: (action: unknown) => action is UnknownAction };

/**
 * A filtered list of a slice (filteredListCases) for the page that shows it
 * (components/FilteredList.tsx) and its sagas (takeFilteredList): what it lists (`many` as its
 * kind, in its messages, and `one`), where the store keeps it, and its actions by the role each
 * plays, with the request of its filters' choices.
 */
export function filteredListOf<
  A extends Record<
    | PagedListActionNames<Many>
    | `${Many}QueryRestored`
    | `${One}FiltersChanged`
    | `${One}SortChanged`
    | `${One}FilterOptionsLoaded`
    | `${One}FilterOptionsFailed`,
    Creator
  > &
    Record<`${One}FilterOptionsRequested`, Creator & RequestCreator>,
  One extends string,
  Many extends string,
  Root,
  State,
>(actions: A, one: One, many: Many, select: (root: Root) => State) {
  return {
    one,
    kind: many,
    select,
    actions: {
      ...pagedListActions(actions, many),
      restored: actions[`${many}QueryRestored`],
      filtersChanged: actions[`${one}FiltersChanged`],
      sortChanged: actions[`${one}SortChanged`],
      optionsRequested: actions[`${one}FilterOptionsRequested`],
      optionsLoaded: actions[`${one}FilterOptionsLoaded`],
      optionsFailed: actions[`${one}FilterOptionsFailed`],
    },
  };
}

/** A filtered list as `filteredListOf` makes it, for its page (FilteredList) and its sagas. */
export interface FilteredListOf<Key extends string, Card, Options, Root, Kind extends string = string> {
  one: string;
  kind: Kind;
  select: (root: Root) => FilteredListState<Key, Card, Options>;
  actions: Required<PagedActions<Card>> & {
    requested: () => UnknownAction;
    more: () => UnknownAction;
    retried: () => UnknownAction;
    restored: (query: ListQuery<Key>) => UnknownAction;
    filtersChanged: (filters: Filters<Key>) => UnknownAction;
    sortChanged: (sort: SortOption['key']) => UnknownAction;
    optionsRequested: RequestCreator & (() => UnknownAction);
    optionsLoaded: (options: Options) => UnknownAction;
    optionsFailed: () => UnknownAction;
  };
}

/**
 * The sagas of a filtered list (filteredListOf): its pages as takePagedList loads them, a
 * failure told by its kind ('Lessons fetch failed' and the lessons toast); and its filters'
 * choices, asked for one request at a time.
 */
export function takeFilteredList<Key extends string, Card, Options, Root>(
  list: FilteredListOf<Key, Card, Options, Root>,
  flow: Omit<PagedFlow<FilteredListState<Key, Card, Options>, Card, Root>, 'what' | 'toastKey' | 'select'> & {
    filterOptions: () => Promise<Options>;
  },
) {
  const { filterOptions, ...pages } = flow;
  const { optionsRequested, optionsLoaded, optionsFailed, ...paged } = list.actions;
  return all([
    takePagedList(paged, { ...pages, select: list.select, what: capitalized(list.kind), toastKey: list.kind }),
    takeRequest(optionsRequested, {
      what: `${capitalized(list.one)} filters`,
      fetch: filterOptions,
      loaded: optionsLoaded,
      failed: () => optionsFailed(),
      take: 'leading',
    }),
  ]);
}
