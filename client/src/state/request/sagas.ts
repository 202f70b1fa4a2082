// The saga that runs a request: fetch, then put Loaded or Failed (and a toast where the page
// needs one).
import type { UnknownAction } from '@reduxjs/toolkit';
import { all, call, put, select, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import { failureActions } from '../offline-slice';
import { toastShown } from '../toast-slice';

/** The failure of a request whose page says so in a toast: the slice's Failed, then the toast. */
export function failedWithToast(failed: () => UnknownAction, toastKey: string) {
  return (): UnknownAction[] => [failed(), toastShown({ type: 'error', action: 'fetch', key: toastKey })];
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
