// One way to fetch: the state a request keeps, its three reducers, and the saga that runs it.
// A feature names its actions and its API call; loading, success and failure are handled here.
// Two kinds build on it: the one item a page is about (it fails with the status the page routes
// on), and a list loaded a page at a time.
import {
  type CaseReducer,
  createSlice,
  type PayloadAction,
  type SliceSelectors,
  type UnknownAction,
  type ValidateSliceCaseReducers,
} from '@reduxjs/toolkit';
import { all, call, put, select, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import { ApiError } from '../api/client';
import type { LockedItem, LockedOffer } from '../api/contract';
import { failureActions } from '../session/offline-slice';
import { lockedItem, lockedOffer } from '../session/purchase-slice';
import type { RequestStatus } from '../session/status';
import { toastShown } from '../session/toast-slice';
import { capitalized } from './format';

/** What one request keeps in the store: its answer (the last one, kept while a new one loads). */
export interface RequestState<T> {
  data: T | null;
  status: RequestStatus;
}

export function requestState<T>(): RequestState<T> {
  return { data: null, status: 'idle' };
}

/**
 * The Requested / Loaded / Failed case reducers of the request that `pick` finds in a slice's
 * state (the state itself when it is one request). `Arg` is what the request action carries.
 */
export function requestReducers<S, T, Arg = void>(pick: (state: S) => RequestState<T>) {
  return {
    requested: (state: S, _action: PayloadAction<Arg>) => {
      pick(state).status = 'loading';
    },
    loaded: (state: S, action: PayloadAction<T>) => {
      const request = pick(state);
      request.status = 'succeeded';
      request.data = action.payload;
    },
    failed: (state: S) => {
      pick(state).status = 'failed';
    },
  };
}

/** The fields of a slice's state that are a status (`checkoutStatus`). */
type StatusKey<S> = { [Key in keyof S]: S[Key] extends RequestStatus ? Key : never }[keyof S];

/**
 * Case reducers for an operation whose state is one status field: `statusOf<S>('checkoutStatus')`
 * makes, for each outcome, the case reducer that sets it (`checkout<Plan>('loading')` for an
 * action that carries a Plan).
 */
export function statusOf<S>(key: StatusKey<S>) {
  return <Arg = void>(status: RequestStatus) =>
    // NoInfer: what the action carries is the one stated, never one guessed from createSlice's types.
    (state: S, _action: PayloadAction<NoInfer<Arg>>) => {
      (state as Record<StatusKey<S>, RequestStatus>)[key] = status;
    };
}

/**
 * A slice's case reducers named after what they are about: `named('tour', requestReducers(pick))`
 * gives tourRequested, tourLoaded and tourFailed, the action names every feature uses.
 */
export function named<Name extends string, Cases extends Record<string, unknown>>(
  name: Name,
  cases: Cases,
): { [Case in keyof Cases & string as `${Name}${Capitalize<Case>}`]: Cases[Case] } {
  return Object.fromEntries(
    Object.entries(cases).map(([key, reducer]) => [`${name}${capitalized(key)}`, reducer]),
  ) as never;
}

/** A request's case reducers under its name (`plansRequested`, `plansLoaded`, `plansFailed`). */
export const requestCases = <Name extends string, S, T, Arg = void>(name: Name, pick: (state: S) => RequestState<T>) =>
  named(name, requestReducers<S, T, Arg>(pick));

/** An item request's case reducers under its name (`videoRequested`, ...). */
export const itemCases = <Name extends string, S, T>(name: Name, pick: (state: S) => ItemState<T>) =>
  named(name, itemReducers(pick));

/** Keyed requests' case reducers under their name (`legalPageRequested`, ...). */
export const keyedRequestCases = <Name extends string, S, T>(
  name: Name,
  pick: (state: S) => Record<string, RequestState<T>>,
) => named(name, keyedRequestReducers(pick));

/** The case reducers of a slice that is one request, named after it. */
type RequestCases<T, Name extends string> = Record<`${Name}Requested`, CaseReducer<RequestState<T>, PayloadAction>> &
  Record<`${Name}Loaded`, CaseReducer<RequestState<T>, PayloadAction<T>>> &
  Record<`${Name}Failed`, CaseReducer<RequestState<T>>>;

/** A slice that is one request and nothing else (a page's content, a row of cards). */
export function requestSlice<T, SliceName extends string, Name extends string>(
  sliceName: SliceName,
  name: Name,
  initialState: RequestState<T> = requestState<T>(),
) {
  // The names are built at run time: their types are stated, as createSlice cannot check them
  // for any name.
  const reducers: unknown = requestCases(name, (state: RequestState<T>) => state);
  return createSlice<RequestState<T>, RequestCases<T, Name>, SliceName, SliceSelectors<RequestState<T>>>({
    name: sliceName,
    initialState,
    reducers: reducers as ValidateSliceCaseReducers<RequestState<T>, RequestCases<T, Name>>,
  });
}

/** The failure of a request whose page says so in a toast: the slice's Failed, then the toast. */
export function failedWithToast(failed: () => UnknownAction, toastKey: string) {
  return (): UnknownAction[] => [failed(), toastShown({ type: 'error', action: 'fetch', key: toastKey })];
}

/** Requests of one kind kept side by side by key (a legal page by its slug): each its own
 * RequestState, made on its first request. */
export function keyedRequestReducers<S, T>(pick: (state: S) => Record<string, RequestState<T>>) {
  const entry = (state: S, key: string) => (pick(state)[key] ??= requestState<T>());
  return {
    requested: (state: S, action: PayloadAction<string>) => {
      entry(state, action.payload).status = 'loading';
    },
    loaded: (state: S, action: PayloadAction<{ key: string; data: T }>) => {
      const request = entry(state, action.payload.key);
      request.status = 'succeeded';
      request.data = action.payload.data;
    },
    failed: (state: S, action: PayloadAction<string>) => {
      entry(state, action.payload).status = 'failed';
    },
  };
}

/** Several calls at once, their answers by the names the calls had (a filter panel's lists). */
export async function fetchAll<Calls extends Record<string, () => Promise<unknown>>>(
  calls: Calls,
): Promise<{ [Name in keyof Calls]: Awaited<ReturnType<Calls[Name]>> }> {
  const names = Object.keys(calls);
  const answers = await Promise.all(names.map((name) => calls[name]!()));
  return Object.fromEntries(names.map((name, n) => [name, answers[n]])) as {
    [Name in keyof Calls]: Awaited<ReturnType<Calls[Name]>>;
  };
}

interface RequestFlow<A extends UnknownAction, R, Root> {
  /** What is fetched, for the console when it fails ("Footer fetch failed"). */
  what: string;
  fetch: (action: A) => Promise<R>;
  loaded: (result: R, action: A) => UnknownAction;
  /** The failure's actions: the slice's Failed, and a toast where the page needs one. */
  failed: (error: unknown, action: A) => UnknownAction | UnknownAction[];
  /** A request the store answers already (true) is not sent. */
  unless?: (state: Root, action: A) => boolean;
  /** Which requests run: by default the latest (a newer request replaces the one still running);
   * 'every' for loads keyed by their payload; 'leading' to ignore requests while one runs. */
  take?: 'latest' | 'every' | 'leading';
}

/** The saga of one request kind: on each `requested` action, fetch, then put Loaded or Failed. */
export function takeRequest<A extends UnknownAction, R, Root = unknown>(
  requested: { type: string; match: (action: unknown) => action is A },
  flow: RequestFlow<A, R, Root>,
) {
  function* run(action: A) {
    if (flow.unless) {
      const answered: boolean = yield select(flow.unless, action);
      if (answered) return;
    }
    try {
      const result: R = yield call(flow.fetch, action);
      yield put(flow.loaded(result, action));
    } catch (error) {
      console.error(`${flow.what} fetch failed`, error);
      for (const each of failureActions(error, action, flow.failed(error, action))) yield put(each);
    }
  }
  const take = { latest: takeLatest, every: takeEvery, leading: takeLeading }[flow.take ?? 'latest'];
  return take(requested.type, run);
}

/** The actions a slice names after a request (requestCases): asked for, answered, failed. */
type NamedRequestActions<Name extends string, R> = Record<
  `${Name}Requested`,
  { type: string; match: (action: unknown) => action is UnknownAction }
> &
  Record<`${Name}Loaded`, (result: R) => UnknownAction> &
  Record<`${Name}Failed`, () => UnknownAction>;

/** How a request a slice names is fetched, and the toast its failure shows, if any. */
interface NamedRequestFlow<R> {
  what: string;
  fetch: () => Promise<R>;
  toastKey?: string;
  take?: RequestFlow<UnknownAction, R, unknown>['take'];
}

/**
 * takeRequest for a request a slice names (`plansRequested`, `plansLoaded`, `plansFailed`) and
 * whose call needs nothing from the action. A failure is the slice's alone, unless the page
 * tells of it in a toast (`toastKey`).
 */
export function takeNamedRequest<Name extends string, R>(
  actions: NamedRequestActions<Name, R>,
  name: Name,
  flow: NamedRequestFlow<R>,
) {
  // The three names are built here: their types are the ones NamedRequestActions states.
  const byName = actions as unknown as Record<string, never>;
  const requested: { type: string; match: (action: unknown) => action is UnknownAction } = byName[`${name}Requested`]!;
  const loaded: (result: R) => UnknownAction = byName[`${name}Loaded`]!;
  const failed: () => UnknownAction = byName[`${name}Failed`]!;
  return takeRequest(requested, {
    what: flow.what,
    fetch: () => flow.fetch(),
    loaded,
    failed: flow.toastKey === undefined ? () => failed() : failedWithToast(failed, flow.toastKey),
    take: flow.take,
  });
}

/** What the Loaded action of the request a slice names `Name` carries. */
type LoadedPayload<A, Name extends string> =
  A extends Record<`${Name}Loaded`, (result: infer R) => UnknownAction> ? R : never;

/**
 * takeNamedRequest for several requests of one slice, as one table: each request's name and how
 * it is fetched (`{ countries: { what: 'Countries', fetch: api.countries } }`).
 */
export function takeNamedRequests<Name extends string, A extends NamedRequestActions<Name, never>>(
  actions: A,
  flows: { [Each in Name]: NamedRequestFlow<LoadedPayload<A, Each>> },
) {
  const names = Object.keys(flows) as Name[];
  // Each request's actions are the slice's, under its name: takeNamedRequest reads them so.
  return all(names.map((name) => takeNamedRequest(actions as never, name, flows[name])));
}

/** The one item a page is about (a lesson, a chapter, a video). When its request fails, the
 * HTTP status the page routes on (404, 403 or another); when locked, what the item is (its
 * public facts) and, for an item for sale, its offer. */
export interface ItemState<T> extends RequestState<T> {
  errorStatus: number | null;
  offer: LockedOffer | null;
  locked: LockedItem | null;
}

export function itemState<T>(): ItemState<T> {
  return { data: null, status: 'idle', errorStatus: null, offer: null, locked: null };
}

export interface ItemFailure {
  status: number | null;
  offer: LockedOffer | null;
  locked: LockedItem | null;
}

type FailedItem = (status: number | null, offer: LockedOffer | null, locked?: LockedItem | null) => UnknownAction;

/** The case reducers of an item request. Unlike a plain request, asking for an item drops the
 * one shown: the previous item never shows under the new one's address. */
export function itemReducers<S, T>(pick: (state: S) => ItemState<T>) {
  return {
    requested: (state: S, _action: PayloadAction<string>) => {
      Object.assign(pick(state), itemState<T>(), { status: 'loading' });
    },
    loaded: (state: S, action: PayloadAction<T>) => {
      const item = pick(state);
      item.status = 'succeeded';
      item.data = action.payload;
    },
    failed: {
      reducer: (state: S, action: PayloadAction<ItemFailure>) => {
        const item = pick(state);
        item.status = 'failed';
        item.errorStatus = action.payload.status;
        item.offer = action.payload.offer;
        item.locked = action.payload.locked;
      },
      prepare: (status: number | null, offer: LockedOffer | null = null, locked: LockedItem | null = null) => ({
        payload: { status, offer, locked },
      }),
    },
  };
}

/** The failure of an item's request, for takeRequest: the slice's Failed with the status and
 * offer, and an error toast unless the status is one the page tells of itself (by default a
 * missing or locked item). */
export function itemFailed(failed: FailedItem, toastKey: string, pageTells: number[] = [404, 403]) {
  return (error: unknown): UnknownAction[] => {
    const status = error instanceof ApiError ? error.status : null;
    const toast = status === null || !pageTells.includes(status);
    return [
      failed(status, lockedOffer(error), lockedItem(error)),
      ...(toast ? [toastShown({ type: 'error', action: 'fetch', key: toastKey })] : []),
    ];
  };
}

/**
 * takeRequest for an item a slice names (`videoRequested` with the id, `videoLoaded`,
 * `videoFailed`): its failure as itemFailed tells it, with the toast of that name.
 */
export function takeNamedItem<Name extends string, R>(
  actions: Record<`${Name}Requested`, { type: string; match: (action: unknown) => action is PayloadAction<string> }> &
    Record<`${Name}Loaded`, (item: R) => UnknownAction> &
    Record<`${Name}Failed`, FailedItem>,
  name: Name,
  flow: { what: string; fetch: (id: string) => Promise<R> },
) {
  // The three names are built here: their types are the ones the parameter states.
  const byName = actions as unknown as Record<string, never>;
  const requested: { type: string; match: (action: unknown) => action is PayloadAction<string> } =
    byName[`${name}Requested`]!;
  const loaded: (item: R) => UnknownAction = byName[`${name}Loaded`]!;
  const failed: FailedItem = byName[`${name}Failed`]!;
  return takeRequest(requested, {
    what: flow.what,
    fetch: (action) => flow.fetch(action.payload),
    loaded,
    failed: itemFailed(failed, name),
  });
}

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
