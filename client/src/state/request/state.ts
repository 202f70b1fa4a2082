// A request's state in the store and its case reducers: plain, keyed, or one status field.
import {
  type CaseReducer,
  createSlice,
  type PayloadAction,
  type SliceSelectors,
  type ValidateSliceCaseReducers,
} from '@reduxjs/toolkit';
import type { RequestStatus } from '../status';
import { capitalized } from '../../lib/format';

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
