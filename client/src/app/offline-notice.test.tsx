// Loads that fail because the network is down: one notice with Retry instead of a toast each.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../api/client';
import { stubApi } from '../test/api-stub';
import { buildArticle } from '../test/builders';
import { buildFooter } from '../test/page-builders';
import { renderApp } from '../test/render-app';
import { failureActions, OFFLINE_MESSAGE, requestFailedOffline } from '../state/offline-slice';
import { toastShown } from '../state/toast-slice';

/** The site's answers, behind a network that is down until `up()`. */
function network() {
  const api = stubApi({
    'GET /content/footer': buildFooter(),
    'GET /cms/articles': [buildArticle(1, { title: 'The Lucena position' })],
  });
  const answer = globalThis.fetch;
  let down = true;
  globalThis.fetch = jest.fn((input: RequestInfo | URL, init?: RequestInit) => {
    if (!down) return answer(input, init);
    api.calls.push({ method: 'GET', url: new URL(input as string, 'http://localhost'), init: init ?? {} });
    return Promise.reject(new TypeError('Failed to fetch'));
  }) as typeof fetch;
  return { ...api, up: () => (down = false) };
}

const toaster = () => document.querySelector<HTMLElement>('.toaster')!;

async function offlinePage() {
  const net = network();
  renderApp('/articles');
  await within(toaster()).findByText(OFFLINE_MESSAGE);
  return net;
}

describe('a load that fails offline', () => {
  it('shows one notice for several failed calls, and none of their toasts', async () => {
    const net = await offlinePage();
    await waitFor(() => expect(net.callsTo('/content/footer')).toHaveLength(1));

    expect(net.callsTo('/cms/articles')).toHaveLength(1);
    expect(within(toaster()).getAllByText(OFFLINE_MESSAGE)).toHaveLength(1);
    expect(toaster().querySelectorAll('.toast')).toHaveLength(1);
    expect(within(toaster()).getAllByRole('button', { name: 'Retry' })).toHaveLength(1);
  });

  it('Retry asks again for what failed, and the notice goes', async () => {
    const user = userEvent.setup();
    const net = await offlinePage();
    await waitFor(() => expect(net.callsTo('/content/footer')).toHaveLength(1));
    net.up();

    await user.click(within(toaster()).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText('The Lucena position')).toBeInTheDocument();
    expect(net.callsTo('/cms/articles')).toHaveLength(2);
    expect(net.callsTo('/content/footer')).toHaveLength(2);
    expect(within(toaster()).queryByText(OFFLINE_MESSAGE)).toBeNull();
  });

  it('Retry while still offline keeps one notice', async () => {
    const user = userEvent.setup();
    const net = await offlinePage();
    await waitFor(() => expect(net.callsTo('/content/footer')).toHaveLength(1));

    await user.click(within(toaster()).getByRole('button', { name: 'Retry' }));

    await waitFor(() => expect(net.callsTo('/cms/articles')).toHaveLength(2));
    expect(await within(toaster()).findAllByText(OFFLINE_MESSAGE)).toHaveLength(1);
    expect(toaster().querySelectorAll('.toast')).toHaveLength(1);
  });

  it('asks again by itself when the browser is back online', async () => {
    const net = await offlinePage();
    await waitFor(() => expect(net.callsTo('/content/footer')).toHaveLength(1));
    net.up();

    act(() => {
      window.dispatchEvent(new Event('online'));
    });

    expect(await screen.findByText('The Lucena position')).toBeInTheDocument();
    expect(within(toaster()).queryByText(OFFLINE_MESSAGE)).toBeNull();
  });
});

describe('failureActions', () => {
  const request = { type: 'footer/footerRequested', payload: undefined };
  const failed = { type: 'footer/footerFailed' };
  const toast = toastShown({ type: 'error', action: 'fetch', key: 'home' });

  it('keeps a failure with an answer, or a timeout, as the page tells it', () => {
    const refused = new ApiError(500, { code: 'server_error', message: 'Boom' });
    const timedOut = new ApiError(null, null, 'The request timed out');
    expect(failureActions(refused, request, [failed, toast])).toEqual([failed, toast]);
    expect(failureActions(timedOut, request, failed)).toEqual([failed]);
  });

  it('offline, drops the toast and keeps the request for Retry, without its preload mark', () => {
    const offline = new ApiError(null, null, 'Network error', true);
    const actions = failureActions(offline, { ...request, meta: { preloadedFor: '/home' } }, [failed, toast]);
    expect(actions).toEqual([failed, requestFailedOffline(request)]);
    expect(actions[1]!.payload).toEqual({ type: request.type, payload: undefined });
  });
});
