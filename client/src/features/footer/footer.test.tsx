// The newsletter flag kept by this browser: storage, slice, saga, and the footer after a reload.
import { screen } from '@testing-library/react';
import { makeStore } from '../../app/store';
import { browser } from '../../lib/browser';
import { storage } from '../../lib/storage';
import { initialAuthState, logoutRequested, signedIn } from '../../state/auth-slice';
import { errorBody, reply, stubApi } from '../../test/api-stub';
import { buildUser } from '../../test/member-builders';
import { buildFooter } from '../../test/page-builders';
import { renderApp } from '../../test/render-app';
import {
  footerLoaded,
  footerSlice,
  initialFooterState,
  selectSubscribed,
  subscribeRequested,
  subscribeSucceeded,
} from './slice';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('newsletter flag in storage', () => {
  it('is absent until written, and cleared by false', () => {
    expect(storage.readNewsletterSubscribed()).toBe(false);

    storage.writeNewsletterSubscribed(true);
    expect(storage.readNewsletterSubscribed()).toBe(true);

    storage.writeNewsletterSubscribed(false);
    expect(storage.readNewsletterSubscribed()).toBe(false);
    expect(window.localStorage.getItem('newsletterSubscribed')).toBeNull();
  });

  it('reads anything but true as not subscribed', () => {
    window.localStorage.setItem('newsletterSubscribed', '"yes"');
    expect(storage.readNewsletterSubscribed()).toBe(false);
    window.localStorage.setItem('newsletterSubscribed', '{broken');
    expect(storage.readNewsletterSubscribed()).toBe(false);
  });
});

describe('footer slice', () => {
  it('starts from the stored flag', () => {
    expect(footerSlice.reducer(undefined, { type: 'init' }).subscribedHere).toBe(false);
    storage.writeNewsletterSubscribed(true);
    expect(footerSlice.reducer(undefined, { type: 'init' }).subscribedHere).toBe(true);
  });

  it('shows the thank-you view for the footer data, the stored flag or a success', () => {
    const footer = initialFooterState();
    const notSubscribed = footerSlice.reducer(footer, footerLoaded({ subscribed: false, urls: {} }));

    expect(selectSubscribed({ footer: notSubscribed })).toBe(false);
    expect(
      selectSubscribed({ footer: footerSlice.reducer(footer, footerLoaded({ subscribed: true, urls: {} })) }),
    ).toBe(true);
    expect(selectSubscribed({ footer: { ...notSubscribed, subscribedHere: true } })).toBe(true);
    expect(selectSubscribed({ footer: footerSlice.reducer(notSubscribed, subscribeSucceeded()) })).toBe(true);
  });
});

describe('newsletter saga (whole store)', () => {
  it('a success stores the flag: after a reload a guest still sees the thank-you view', async () => {
    stubApi({
      'GET /content/footer': buildFooter({ subscribed: false }),
      'POST /content/subscribe': { data: { subscribed: true } },
    });
    const store = makeStore();

    store.dispatch(subscribeRequested('ada@example.com'));
    await flush();

    expect(selectSubscribed(store.getState())).toBe(true);
    expect(storage.readNewsletterSubscribed()).toBe(true);
    const reloaded = makeStore();
    expect(selectSubscribed(reloaded.getState())).toBe(true);
  });

  it('already_subscribed toasts its own text, keeps the form now and stores the flag for the next load', async () => {
    stubApi({
      'POST /content/subscribe': reply(
        409,
        errorBody('already_subscribed', 'This email address is already used for subscription'),
      ),
    });
    const store = makeStore();

    store.dispatch(subscribeRequested('ada@example.com'));
    await flush();

    expect(store.getState().toasts.items.map((toast) => toast.message)).toEqual([
      'This email address is already used for subscription',
    ]);
    expect(selectSubscribed(store.getState())).toBe(false);
    expect(storage.readNewsletterSubscribed()).toBe(true);
    expect(selectSubscribed(makeStore().getState())).toBe(true);
  });

  it('any other failure stores nothing', async () => {
    stubApi({ 'POST /content/subscribe': reply(500, errorBody('server_error')) });
    const store = makeStore();

    store.dispatch(subscribeRequested('ada@example.com'));
    await flush();

    expect(store.getState().toasts.items.map((toast) => toast.message)).toEqual([
      'Something went wrong with your newsletter subscription.',
    ]);
    expect(storage.readNewsletterSubscribed()).toBe(false);
  });

  it('logout forgets the flag with the rest of the stored user state', async () => {
    jest.spyOn(browser, 'reload').mockImplementation(() => undefined);
    stubApi({ 'GET /users/logout': { data: {} } });
    storage.writeNewsletterSubscribed(true);
    const store = makeStore({ auth: { ...initialAuthState(buildUser()), accessToken: 'a' } });

    store.dispatch(logoutRequested());
    await flush();

    expect(storage.readNewsletterSubscribed()).toBe(false);
    expect(selectSubscribed(makeStore().getState())).toBe(false);
  });

  it('a member who signs in gets the footer data of their own address', async () => {
    const stub = stubApi({
      'GET /content/footer': (_u: URL, init: RequestInit) => ({
        body: buildFooter({ subscribed: (init.headers as Record<string, string>).Authorization === 'Bearer member' }),
      }),
    });
    const store = makeStore();

    store.dispatch(signedIn({ access: 'member', user: buildUser() }));
    await flush();

    expect(stub.callsTo('/content/footer')).toHaveLength(1);
    expect(selectSubscribed(store.getState())).toBe(true);
  });
});

describe('footer', () => {
  it('shows the thank-you view from the first render when this browser subscribed', async () => {
    storage.writeNewsletterSubscribed(true);
    stubApi({ 'GET /content/footer': buildFooter({ subscribed: false }) });

    renderApp('/404');

    expect(await screen.findByText('Thank you for subscribing!')).toBeInTheDocument();
    expect(screen.queryByLabelText('E-mail')).not.toBeInTheDocument();
  });
});
