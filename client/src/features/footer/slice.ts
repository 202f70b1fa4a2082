// Footer data (social links, subscribed flag) and the newsletter subscription request.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { FooterData } from '../../api/types';
import type { RequestStatus } from '../../session/status';

export interface FooterState {
  data: FooterData | null;
  status: RequestStatus;
  subscribeStatus: RequestStatus;
}

const initialState: FooterState = { data: null, status: 'idle', subscribeStatus: 'idle' };

export const footerSlice = createSlice({
  name: 'footer',
  initialState,
  reducers: {
    footerRequested(state) {
      state.status = 'loading';
    },
    footerLoaded(state, action: PayloadAction<FooterData>) {
      state.status = 'succeeded';
      state.data = action.payload;
    },
    footerFailed(state) {
      state.status = 'failed';
    },
    subscribeRequested(state, _action: PayloadAction<string>) {
      state.subscribeStatus = 'loading';
    },
    subscribeSucceeded(state) {
      state.subscribeStatus = 'succeeded';
    },
    subscribeFailed(state) {
      state.subscribeStatus = 'failed';
    },
  },
});

export const {
  footerRequested,
  footerLoaded,
  footerFailed,
  subscribeRequested,
  subscribeSucceeded,
  subscribeFailed,
} = footerSlice.actions;

type WithFooter = { footer: FooterState };
export const selectFooter = (state: WithFooter) => state.footer;
/** The thank-you view replaces the form once subscribed (footer data) or after success. */
export const selectSubscribed = (state: WithFooter) =>
  Boolean(state.footer.data?.subscribed) || state.footer.subscribeStatus === 'succeeded';
