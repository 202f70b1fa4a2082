// One notice for the loads that failed because the network is down (client/README.md: How the
// shell works, Offline): each failed request is kept once, the toasts it would have shown are not,
// and Retry (or the browser coming back online: offline-saga.ts) asks for all of them again.
import { createAction, createSlice, type PayloadAction, type UnknownAction } from '@reduxjs/toolkit';
import { ApiError } from '../api/client';
import { toastShown } from './toast-slice';

export const OFFLINE_MESSAGE = 'You are offline: part of this page could not load.';

export interface OfflineState {
  /** The request actions to dispatch again, each once. */
  failed: UnknownAction[];
}

const initialOfflineState: OfflineState = { failed: [] };

const sameRequest = (one: UnknownAction, other: UnknownAction) =>
  one.type === other.type && JSON.stringify(one.payload) === JSON.stringify(other.payload);

export const offlineSlice = createSlice({
  name: 'offline',
  initialState: initialOfflineState,
  reducers: {
    /** A load failed for want of a network: the action that asked for it, kept for Retry. */
    requestFailedOffline: {
      reducer(state, action: PayloadAction<UnknownAction>) {
        if (!state.failed.some((kept) => sameRequest(kept, action.payload))) state.failed.push(action.payload);
      },
      // The request alone: what a preload marked it with (meta) is not asked again.
      prepare: (request: UnknownAction) => ({ payload: { type: request.type, payload: request.payload } }),
    },
    /** The failed requests are being asked again: the notice goes. */
    offlineCleared(state) {
      state.failed = [];
    },
  },
});

/** Retry was pressed. */
export const offlineRetryAsked = createAction('offline/retryAsked');

export const { requestFailedOffline, offlineCleared } = offlineSlice.actions;
export const selectOfflineFailures = (state: { offline: OfflineState }) => state.offline.failed;

export const isOffline = (error: unknown) => error instanceof ApiError && error.offline;

/**
 * The actions that tell of a failed load (state/request/): as they are, or, when the network is
 * down, the page's own failure without its toast, and the request (`retry`) kept for the notice.
 */
export function failureActions(
  error: unknown,
  retry: UnknownAction,
  failed: UnknownAction | UnknownAction[],
): UnknownAction[] {
  const actions = Array.isArray(failed) ? failed : [failed];
  if (!isOffline(error)) return actions;
  return [...actions.filter((each) => !toastShown.match(each)), requestFailedOffline(retry)];
}
