// Loads the footer data and subscribes to the newsletter.
import { call, put, takeLatest } from 'redux-saga/effects';
import { ApiError } from '../../api/client';
import { api } from '../../api/endpoints';
import { takeNamedRequest } from '../../state/request';
import { storage } from '../../lib/storage';
import { signedIn } from '../../state/auth-slice';
import { newsletterChanged } from '../../state/events';
import { toastShown } from '../../state/toast-slice';
import { footerRequested, footerSlice, subscribeFailed, subscribeRequested, subscribeSucceeded } from './slice';

function* subscribe(action: ReturnType<typeof subscribeRequested>) {
  try {
    yield call(api.subscribe, action.payload);
    // Kept in storage: after a reload a guest's footer data says false (the BFF cannot know).
    yield call(storage.writeNewsletterSubscribed, true);
    yield put(subscribeSucceeded());
  } catch (error) {
    console.error('Newsletter subscription failed', error);
    yield put(subscribeFailed());
    // Only already_subscribed has a text of its own; any other failure is the newsletter message.
    const alreadySubscribed = error instanceof ApiError && error.code === 'already_subscribed';
    // That address gets the newsletter: the next page load shows the thank-you view. This one
    // keeps the form, so that a mistyped address can be corrected after the message.
    if (alreadySubscribed) yield call(storage.writeNewsletterSubscribed, true);
    const code = alreadySubscribed ? 'already_subscribed' : null;
    yield put(toastShown({ type: 'error', action: 'create', key: 'newsletter', code }));
  }
}

function* reloadFooter() {
  yield put(footerRequested());
}

export function* footerSaga() {
  yield takeNamedRequest(footerSlice.actions, 'footer', {
    what: 'Footer',
    fetch: () => api.footer(),
  });
  yield takeLatest(subscribeRequested.type, subscribe);
  // The subscribed flag is the viewer's: ask again once someone signs in.
  yield takeLatest([signedIn.type, newsletterChanged.type], reloadFooter);
}
