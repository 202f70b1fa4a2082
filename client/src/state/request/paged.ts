// A list loaded a page at a time: its state, case reducers and sagas.
import type { PayloadAction, UnknownAction } from '@reduxjs/toolkit';
import { all, call, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import { failureActions } from '../offline-slice';
import type { RequestStatus } from '../status';
import { toastShown } from '../toast-slice';

/** A list loaded a page at a time (Load more appends the next one). */
export interface PagedState<T> {
  items: T[];
  status: RequestStatus;
  /** False once a page came back short of full: there is nothing more to load. */
  hasMore: boolean;
}

export function pagedState<T>(): PagedState<T> {
  return { items: [], status: 'idle', hasMore: true };
}

/** A loaded page and where it starts in the list. */
export interface Page<T> {
  items: T[];
  start: number;
}

/** The case reducers of a paged list: a page starts loading, arrives, or fails. */
export function pagedReducers<S, T>(pick: (state: S) => PagedState<T>, pageSize: number) {
  return {
    loadStarted: (state: S) => {
      pick(state).status = 'loading';
    },
    loaded: (state: S, action: PayloadAction<Page<T>>) => {
      const list = pick(state);
      const { items, start } = action.payload;
      list.status = 'succeeded';
      // A page that does not continue the list (an older load finishing late) is dropped.
      if (start !== 0 && start !== list.items.length) return;
      list.items = start === 0 ? items : [...list.items, ...items];
      list.hasMore = items.length === pageSize;
    },
    failed: (state: S) => {
      pick(state).status = 'failed';
    },
  };
}

export interface PagedFlow<S extends PagedState<T>, T, Root> {
  /** What is fetched, for the console when it fails ("Lessons fetch failed"). */
  what: string;
  /** The list's state in the store. */
  select: (root: Root) => S;
  /** One page: `start` items in, with the filters and sort the state holds. */
  fetch: (state: S, start: number) => Promise<T[]>;
  /** What a list's first page brings besides (the count of a filtered list), loaded alongside. */
  alongFirstPage?: (state: S) => Promise<UnknownAction>;
  /** The toast a failed page shows. */
  toastKey: string;
}

export interface PagedActions<T> {
  /** The page opens: the first page, unless a list is already there. */
  requested: { type: string; match: (action: unknown) => boolean };
  /** Load more: the next page. */
  more: { type: string };
  /** After a failure: the first page again, or the page that failed to append. */
  retried: { type: string; match: (action: unknown) => boolean };
  /** The address says how many pages to show (a reload, Back, a shared link); the state holds
   * the number in `pages`. */
  restored?: { type: string; match: (action: unknown) => boolean };
  /** A new filter or sort: the list starts again (the slice has emptied it). */
  filtersChanged?: { type: string };
  sortChanged?: { type: string };
  loadStarted: () => UnknownAction;
  loaded: (page: Page<T>) => UnknownAction;
  failed: () => UnknownAction;
}

/** The sagas of a paged list. One watcher takes every start of the list, so that a newer filter
 * or sort cancels an older load; Load more waits for the page that is loading. */
export function takePagedList<S extends PagedState<T> & { pages?: number }, T, Root>(
  actions: PagedActions<T>,
  flow: PagedFlow<S, T, Root>,
) {
  function* loadPage(start: number) {
    const state: S = yield select(flow.select);
    yield put(actions.loadStarted());
    try {
      const [items, along]: [T[], UnknownAction | null] = yield all([
        call(flow.fetch, state, start),
        start === 0 && flow.alongFirstPage ? call(flow.alongFirstPage, state) : null,
      ]);
      yield put(actions.loaded({ items, start }));
      if (along) yield put(along);
    } catch (error) {
      console.error(`${flow.what} fetch failed`, error);
      const failed = [actions.failed(), toastShown({ type: 'error', action: 'fetch', key: flow.toastKey })];
      for (const each of failureActions(error, { type: actions.retried.type }, failed)) yield put(each);
    }
  }

  // The pages an address asks for, one after the other, until the list ends or a load fails.
  function* loadPages(pages: number) {
    for (let page = 0; page < pages; page += 1) {
      const state: S = yield select(flow.select);
      if (page > 0 && (!state.hasMore || state.status === 'failed')) return;
      yield call(loadPage, state.items.length);
    }
  }

  function* listRequested(action: UnknownAction) {
    const state: S = yield select(flow.select);
    if (actions.restored?.match(action)) yield call(loadPages, state.pages ?? 1);
    else if (actions.retried.match(action) && state.items.length > 0) yield call(loadPage, state.items.length);
    else if (!actions.requested.match(action) || state.items.length === 0) yield call(loadPage, 0);
  }

  function* nextPage() {
    const state: S = yield select(flow.select);
    if (state.hasMore && state.status !== 'loading') yield call(loadPage, state.items.length);
  }

  const starts = [actions.requested, actions.retried, ...(actions.restored ? [actions.restored] : [])];
  return all([
    takeLatest(
      [...starts, actions.filtersChanged, actions.sortChanged].flatMap((action) => (action ? [action.type] : [])),
      listRequested,
    ),
    takeLeading(actions.more.type, nextPage),
  ]);
}
