// Upgrade and payment: the upgrade page's content, the checkout of a plan, and the
// confirmation that follows a payment (a subscription checkout or a single purchase).
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { OwnedItem, Plan, UpgradePage } from '../../api/contract';
import { requestCases, requestState, type RequestState, statusOf } from '../../state/request';
import { loggedOut, tokenRefreshed } from '../../state/auth-slice';
import type { RequestStatus } from '../../state/status';

export interface UpgradeState {
  page: RequestState<UpgradePage>;
  /** What a signed-in member bought on its own, so the plans can say what Pro adds. */
  owned: RequestState<OwnedItem[]>;
  checkoutStatus: RequestStatus;
  /** After a payment: confirming its checkout session, then where to go next. */
  confirmation: { sessionId: string | null; status: RequestStatus; next: string | null };
}

export const initialUpgradeState: UpgradeState = {
  page: requestState(),
  owned: requestState(),
  checkoutStatus: 'idle',
  confirmation: { sessionId: null, status: 'idle', next: null },
};

const checkout = statusOf<UpgradeState>('checkoutStatus');

export const upgradeSlice = createSlice({
  name: 'upgrade',
  initialState: initialUpgradeState,
  reducers: {
    ...requestCases('upgradePage', (state: UpgradeState) => state.page),
    ...requestCases('owned', (state: UpgradeState) => state.owned),
    planChosen: checkout<Plan>('loading'),
    /** The checkout is open: the browser is on its way to the payment provider. */
    checkoutRedirected: checkout('succeeded'),
    /** A visitor was asked to sign up first. */
    checkoutNeedsAccount: checkout('idle'),
    checkoutFailed: checkout('failed'),
    /** Back from a subscription checkout with its session id. */
    checkoutReturned(state, action: PayloadAction<string>) {
      state.confirmation = { sessionId: action.payload, status: 'loading', next: null };
    },
    /** Back from a single purchase's payment with its session id. */
    paymentReturned(state, action: PayloadAction<string>) {
      state.confirmation = { sessionId: action.payload, status: 'loading', next: null };
    },
    confirmationSucceeded(state, action: PayloadAction<string>) {
      state.confirmation.status = 'succeeded';
      state.confirmation.next = action.payload;
    },
    confirmationFailed(state) {
      state.confirmation.status = 'failed';
    },
  },
  extraReducers: (builder) => {
    // What was owned was this member's, as they owned it then: asked again after a change.
    const forget = (state: UpgradeState) => {
      state.owned = requestState();
    };
    builder.addCase(loggedOut, forget);
    builder.addCase(tokenRefreshed, forget);
  },
});

export const upgradeActions = upgradeSlice.actions;

export const selectUpgrade = (state: { upgrade: UpgradeState }) => state.upgrade;

/** Where a new Pro member is welcomed: /welcome-you after a yearly plan, /welcome-me after a monthly one. */
export function welcomeRoute(period: string | null | undefined): string {
  return period === 'yearly' ? '/welcome-you' : '/welcome-me';
}
