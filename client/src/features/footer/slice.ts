// Footer data (social links, subscribed flag) and the newsletter subscription request.
import { createSlice } from '@reduxjs/toolkit';
import type { FooterData } from '../../api/contract';
import { storage } from '../../lib/storage';
import { requestCases, type RequestState, statusOf } from '../../state/request';
import type { RequestStatus } from '../../state/status';

export interface FooterState extends RequestState<FooterData> {
  subscribeStatus: RequestStatus;
  /** This browser subscribed before (stored): the footer data of a guest always says false. */
  subscribedHere: boolean;
}

export function initialFooterState(subscribedHere = false): FooterState {
  return { data: null, status: 'idle', subscribeStatus: 'idle', subscribedHere };
}

const subscription = statusOf<FooterState>('subscribeStatus');

export const footerSlice = createSlice({
  name: 'footer',
  // Read when the store is made, so that the thank-you view shows from the first render.
  initialState: () => initialFooterState(storage.readNewsletterSubscribed()),
  reducers: {
    ...requestCases('footer', (state: FooterState) => state),
    subscribeRequested: subscription<string>('loading'),
    subscribeSucceeded: subscription('succeeded'),
    subscribeFailed: subscription('failed'),
  },
});

export const { footerRequested, footerLoaded, footerFailed, subscribeRequested, subscribeSucceeded, subscribeFailed } =
  footerSlice.actions;

type WithFooter = { footer: FooterState };
export const selectFooter = (state: WithFooter) => state.footer;
/** The thank-you view replaces the form once subscribed (footer data, or a subscription stored
 * by this browser) or after success. */
export const selectSubscribed = (state: WithFooter) =>
  Boolean(state.footer.data?.subscribed) || state.footer.subscribedHere || state.footer.subscribeStatus === 'succeeded';
