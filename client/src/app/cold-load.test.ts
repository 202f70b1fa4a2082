// A cold load with a stored session: calls made before the refresh cookie gives a token wait for it.
import { act, screen } from '@testing-library/react';
import { makeStore } from './store';
import { api as endpoints } from '../api/endpoints';
import { footerRequested, selectSubscribed } from '../features/footer/slice';
import { storage } from '../lib/storage';
import { errorBody, flush, stubApi } from '../test/api-stub';
import { buildLesson } from '../test/builders';
import { proUser } from '../test/member-builders';
import { buildFooter } from '../test/page-builders';
import { renderApp } from '../test/render-app';

// Tokens live in memory only, so a cold load with a stored user has none until the refresh
// cookie gives one. A call made meanwhile without a token is answered as for a guest.
describe('cold load with a stored session', () => {
  const authorization = (init: RequestInit) => (init.headers as Record<string, string>).Authorization;

  /** A BFF whose token refresh answers only when the test says so. */
  function slowRefresh(routes: Record<string, unknown>, refreshAnswer: { status?: number; body: unknown }) {
    let release: () => void = () => undefined;
    const stub = stubApi({
      'GET /users/token_refresh': () => new Promise((resolve) => (release = () => resolve(refreshAnswer))),
      'GET /users/profile': (_u: URL, init: RequestInit) =>
        authorization(init) === 'Bearer fresh'
          ? { body: { data: proUser() } }
          : { status: 401, body: errorBody('user_invalid_token') },
      ...routes,
    });
    return { stub, release: () => release() };
  }

  it('a Pro member opening a Pro lesson gets it, not the upgrade page', async () => {
    storage.writeUser(proUser());
    const { stub, release } = slowRefresh(
      {
        'GET /cms/lessons/7': (_u: URL, init: RequestInit) =>
          authorization(init) === 'Bearer fresh'
            ? { body: buildLesson(7, { title: 'Rook endings for Pros' }) }
            : { status: 403, body: errorBody('content_locked') },
        'GET /cms/lessons': [],
      },
      { body: { data: { access: 'fresh', user: proUser() } } },
    );

    renderApp('/lessons/7');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      release();
    });

    expect(await screen.findByRole('heading', { name: 'Rook endings for Pros' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/lessons/7');
    expect(stub.callsTo('/cms/lessons/7').map((c) => authorization(c.init))).toEqual(['Bearer fresh']);
  });

  it('the refresh goes first; calls made meanwhile wait for it and carry its token', async () => {
    storage.writeUser(proUser());
    const { stub, release } = slowRefresh(
      {
        'GET /content/footer': (_u: URL, init: RequestInit) => ({
          body: buildFooter({ subscribed: authorization(init) === 'Bearer fresh' }),
        }),
        'GET /cms/hubs/home': { sections: [] },
      },
      { body: { data: { access: 'fresh', user: proUser() } } },
    );

    const store = makeStore();
    store.dispatch(footerRequested());
    const content = endpoints.home();
    await flush();
    expect(stub.calls.map((c) => c.url.pathname)).toEqual(['/users/token_refresh']);

    release();
    await content;
    await flush();
    await flush();

    expect(stub.calls[0]!.url.pathname).toBe('/users/token_refresh');
    for (const call of stub.calls.slice(1)) expect(authorization(call.init)).toBe('Bearer fresh');
    expect(stub.callsTo('/users/profile')).toHaveLength(1);
    expect(stub.callsTo('/users/token_refresh')).toHaveLength(1);
    expect(store.getState().auth).toMatchObject({ accessToken: 'fresh', profileStatus: 'succeeded' });
    // A signed-in member's footer data is theirs: the thank-you view after a reload.
    expect(selectSubscribed(store.getState())).toBe(true);
  });

  it('when the refresh fails, the waiting calls go out as a guest and no profile is asked', async () => {
    storage.writeUser(proUser());
    const { stub, release } = slowRefresh({}, { status: 401, body: errorBody('user_refresh_token_expired') });

    const store = makeStore();
    store.dispatch(footerRequested());
    await flush();
    release();
    await flush();
    await flush();

    expect(authorization(stub.callsTo('/content/footer')[0]!.init)).toBeUndefined();
    expect(stub.callsTo('/users/profile')).toHaveLength(0);
    expect(store.getState().auth).toMatchObject({ guest: true, user: null });
  });

  it('a visitor without a stored user waits for nothing', async () => {
    const stub = stubApi({ 'GET /content/footer': buildFooter() });

    makeStore().dispatch(footerRequested());
    await flush();

    expect(stub.calls.map((c) => c.url.pathname)).toEqual(['/content/footer']);
  });
});
