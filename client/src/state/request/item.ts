// The one item a page is about: its request fails with the status the page routes on.
import type { PayloadAction, UnknownAction } from '@reduxjs/toolkit';
import { ApiError } from '../../api/client';
import type { LockedItem, LockedOffer } from '../../api/contract';
import { lockedItem, lockedOffer } from '../purchase-slice';
import { toastShown } from '../toast-slice';
import { takeRequest } from './sagas';
import { named, type RequestState } from './state';

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

/** An item request's case reducers under its name (`videoRequested`, ...). */
export const itemCases = <Name extends string, S, T>(name: Name, pick: (state: S) => ItemState<T>) =>
  named(name, itemReducers(pick));
