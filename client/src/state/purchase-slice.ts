// Buying one item on its own (a program, a video, the full masterclass), asked from any screen:
// the purchase saga opens the payment provider's checkout (state/purchase-saga.ts).
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { ApiError } from '../api/client';
import type { PurchaseRequest } from '../api/endpoints';
import type { LockedItem, LockedOffer } from '../api/contract';
import type { RequestStatus } from './status';

export interface PurchaseState {
  status: RequestStatus;
  /** 'entity:entityId' of the item being bought, so that only its button waits. */
  item: string | null;
}

const initialPurchaseState: PurchaseState = { status: 'idle', item: null };

export const itemKey = (entity: string, entityId: number) => `${entity}:${entityId}`;

export const purchaseSlice = createSlice({
  name: 'purchase',
  initialState: initialPurchaseState,
  reducers: {
    purchaseRequested(state, action: PayloadAction<PurchaseRequest>) {
      state.status = 'loading';
      state.item = itemKey(action.payload.entity, action.payload.entityId);
    },
    /** The checkout is open: the browser is on its way to the payment provider. */
    purchaseRedirected(state) {
      state.status = 'succeeded';
      state.item = null;
    },
    /** A visitor was asked to sign up first. */
    purchaseNeedsAccount(state) {
      state.status = 'idle';
      state.item = null;
    },
    purchaseFailed(state) {
      state.status = 'failed';
      state.item = null;
    },
  },
});

export const { purchaseRequested, purchaseRedirected, purchaseNeedsAccount, purchaseFailed } = purchaseSlice.actions;

export const selectPurchase = (state: { purchase: PurchaseState }) => state.purchase;

/** The offer a locked item's 403 carries when it is for sale (null otherwise). */
export function lockedOffer(error: unknown): LockedOffer | null {
  if (!(error instanceof ApiError) || error.status !== 403) return null;
  const offer = error.body.offer as Partial<LockedOffer> | undefined;
  return offer?.entity && typeof offer.entityId === 'number' && offer.currentUserPrice ? (offer as LockedOffer) : null;
}

/** What a locked item is, as its 403 tells it (error.item: public facts only); null otherwise. */
export function lockedItem(error: unknown): LockedItem | null {
  if (!(error instanceof ApiError) || error.status !== 403) return null;
  const item = error.body.item as Partial<LockedItem> | undefined;
  return item?.kind && typeof item.title === 'string' && Array.isArray(item.parts) ? (item as LockedItem) : null;
}
