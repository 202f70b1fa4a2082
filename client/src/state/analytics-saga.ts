// Analytics events (a registration, say): forwarded to the page's tag manager data layer
// (`window.dataLayer`, present only when a tag manager is installed) and only with the
// visitor's consent to statistics cookies; otherwise dropped.
import { createAction } from '@reduxjs/toolkit';
import { select, takeEvery } from 'redux-saga/effects';
import type { ConsentState } from './consent-slice';

export interface AnalyticsEvent {
  event: string;
  [detail: string]: string | number | boolean | null;
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export const analyticsEventFired = createAction<AnalyticsEvent>('analytics/eventFired');

function* forward(action: ReturnType<typeof analyticsEventFired>) {
  const statistics: boolean = yield select((state: { consent: ConsentState }) =>
    Boolean(state.consent.choice?.statistics),
  );
  if (statistics) window.dataLayer?.push(action.payload);
}

export function* analyticsSaga() {
  yield takeEvery(analyticsEventFired.type, forward);
}
