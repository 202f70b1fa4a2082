// One way to fetch: the state a request keeps, its three reducers, and the saga that runs it.
// A feature names its actions and its API call; loading, success and failure are handled here.
import type { PayloadAction, UnknownAction } from '@reduxjs/toolkit';
import { call, put, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import type { RequestStatus } from '../session/status';

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

interface RequestFlow<A extends UnknownAction, R> {
  /** What is fetched, for the console when it fails ("Footer fetch failed"). */
  what: string;
  fetch: (action: A) => Promise<R>;
  loaded: (result: R, action: A) => UnknownAction;
  /** The failure's actions: the slice's Failed, and a toast where the page needs one. */
  failed: (error: unknown, action: A) => UnknownAction | UnknownAction[];
  /** Which requests run: by default the latest (a newer request replaces the one still running);
   * 'every' for loads keyed by their payload; 'leading' to ignore requests while one runs. */
  take?: 'latest' | 'every' | 'leading';
}

/** The saga of one request kind: on each `requested` action, fetch, then put Loaded or Failed. */
export function takeRequest<A extends UnknownAction, R>(
  requested: { type: string; match: (action: unknown) => action is A },
  flow: RequestFlow<A, R>,
) {
  function* run(action: A) {
    try {
      const result: R = yield call(flow.fetch, action);
      yield put(flow.loaded(result, action));
    } catch (error) {
      console.error(`${flow.what} fetch failed`, error);
      const failed = flow.failed(error, action);
      for (const each of Array.isArray(failed) ? failed : [failed]) yield put(each);
    }
  }
  const take = { latest: takeLatest, every: takeEvery, leading: takeLeading }[flow.take ?? 'latest'];
  return take(requested.type, run);
}
