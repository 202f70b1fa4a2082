import { errorBody, reply, stubApi } from '../test/api-stub';
import { ApiError, apiData, apiRequest, buildUrl, configureApi, restoreSession, type ApiSession } from './client';

function session(overrides: Partial<ApiSession> = {}) {
  let token: string | null = overrides.getAccessToken?.() ?? null;
  const value = {
    getAccessToken: () => token,
    isEmbedded: () => false,
    onTokenRefreshed: jest.fn((access: string) => {
      token = access;
    }),
    onRefreshFailed: jest.fn(),
    ...overrides,
  };
  configureApi(value);
  return value;
}

afterEach(() => configureApi(null));

describe('apiRequest', () => {
  it('builds queries without empty values', () => {
    expect(buildUrl('/cms/lessons', { _limit: 24, teacher: null, level: undefined, q: '' })).toBe(
      '/cms/lessons?_limit=24',
    );
  });

  it('repeats a parameter for each value of a list', () => {
    expect(buildUrl('/content/progress/cards', { lessons: [1, 2], programs: [] })).toBe(
      '/content/progress/cards?lessons=1&lessons=2',
    );
  });

  it('sends the bearer token when there is one', async () => {
    session({ getAccessToken: () => 'abc' });
    const api = stubApi({ 'GET /cms/lessons': [] });

    await apiRequest('/cms/lessons');

    expect((api.calls[0]!.init.headers as Record<string, string>).Authorization).toBe('Bearer abc');
  });

  it('sends no Authorization header without a token', async () => {
    session();
    const api = stubApi({ 'GET /cms/lessons': [] });

    await apiRequest('/cms/lessons');

    expect((api.calls[0]!.init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('treats any body with an error field as a failure, even with status 200', async () => {
    session();
    stubApi({ 'GET /cms/articles/1': reply(200, errorBody('strange', 'Odd')) });

    await expect(apiRequest('/cms/articles/1')).rejects.toMatchObject({ code: 'strange', message: 'Odd', status: 200 });
  });

  it('reports the status and code of an error answer', async () => {
    session();
    stubApi({ 'GET /cms/lessons/1': reply(403, errorBody('content_locked')) });

    const error = await apiRequest('/cms/lessons/1').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, code: 'content_locked' });
  });

  it('gives up after the 5 s timeout', async () => {
    jest.useFakeTimers();
    session();
    globalThis.fetch = jest.fn(
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    ) as typeof fetch;

    const pending = apiRequest('/cms/hubs/home').catch((e: unknown) => e);
    jest.advanceTimersByTime(4999);
    expect(jest.getTimerCount()).toBe(1);
    jest.advanceTimersByTime(1);

    await expect(pending).resolves.toMatchObject({ status: null, message: 'The request timed out' });
    jest.useRealTimers();
  });

  it('on a 401 refreshes the token once (with cookies) and retries the request with it', async () => {
    const s = session({ getAccessToken: () => 'old' });
    let profileCalls = 0;
    const api = stubApi({
      'GET /users/profile': (_url: URL, init: RequestInit) => {
        profileCalls += 1;
        const auth = (init.headers as Record<string, string>).Authorization;
        return auth === 'Bearer new' ? { body: { data: { id: 1 } } } : { status: 401, body: errorBody('unauthorized') };
      },
      'GET /users/token_refresh': { data: { access: 'new' } },
    });

    const user = await apiData('/users/profile');

    expect(user).toEqual({ id: 1 });
    expect(profileCalls).toBe(2);
    expect(api.callsTo('/users/token_refresh')).toHaveLength(1);
    expect(api.callsTo('/users/token_refresh')[0]!.init.credentials).toBe('include');
    expect(s.onTokenRefreshed).toHaveBeenCalledWith('new');
  });

  it('reads the access token of the refresh answer as the BFF gives it', async () => {
    const s = session({ getAccessToken: () => 'old' });
    stubApi({
      'GET /cms/lessons/1': (_u: URL, init: RequestInit) =>
        (init.headers as Record<string, string>).Authorization === 'Bearer new'
          ? { body: { id: 1 } }
          : { status: 401, body: errorBody('user_invalid_token') },
      'GET /users/token_refresh': { data: { access: 'new', user: { id: 1 } } },
    });

    await expect(apiRequest('/cms/lessons/1')).resolves.toEqual({ id: 1 });
    expect(s.onTokenRefreshed).toHaveBeenCalledWith('new');
    expect(s.onRefreshFailed).not.toHaveBeenCalled();
  });

  it.each(['/users/login', '/users/register', '/users/google'])(
    'a 401 of a sign-in call (%s) is a wrong credential: no refresh, no guest flag',
    async (path) => {
      const s = session();
      const api = stubApi({ [`POST ${path}`]: reply(401, errorBody('user_wrong_password')) });

      await expect(apiRequest(path, { method: 'POST', body: {} })).rejects.toMatchObject({
        status: 401,
        code: 'user_wrong_password',
      });
      expect(api.callsTo('/users/token_refresh')).toHaveLength(0);
      expect(s.onRefreshFailed).not.toHaveBeenCalled();
    },
  );

  it('when the refresh fails, the call is asked again as a guest', async () => {
    const s = session({ getAccessToken: () => 'old' });
    stubApi({
      'GET /cms/articles': (_u: URL, init: RequestInit) =>
        (init.headers as Record<string, string>).Authorization
          ? { status: 401, body: errorBody('user_invalid_token') }
          : { body: [{ id: 1 }] },
      'GET /users/token_refresh': reply(401, errorBody('user_refresh_token_expired')),
    });

    await expect(apiRequest('/cms/articles')).resolves.toEqual([{ id: 1 }]);
    expect(s.onRefreshFailed).toHaveBeenCalledTimes(1);
  });

  it('a refresh answer without an access token is a failed refresh', async () => {
    const s = session();
    stubApi({
      'GET /cms/lessons/1': reply(401, errorBody('user_invalid_token')),
      'GET /users/token_refresh': { data: { access: null } },
    });

    await expect(apiRequest('/cms/lessons/1')).rejects.toMatchObject({ status: 401 });
    expect(s.onRefreshFailed).toHaveBeenCalledTimes(1);
  });

  it('retries only once: a second 401 is the failure', async () => {
    session();
    const api = stubApi({
      'GET /users/profile': reply(401, errorBody('unauthorized')),
      'GET /users/token_refresh': { data: { access: 'new' } },
    });

    await expect(apiRequest('/users/profile')).rejects.toMatchObject({ status: 401 });
    expect(api.callsTo('/users/profile')).toHaveLength(2);
    expect(api.callsTo('/users/token_refresh')).toHaveLength(1);
  });

  it('turns the visitor into a guest when the refresh fails, without retrying', async () => {
    const s = session();
    const api = stubApi({
      'GET /users/profile': reply(401, errorBody('unauthorized')),
      'GET /users/token_refresh': reply(401, errorBody('user_refresh_token_expired')),
    });

    await expect(apiRequest('/users/profile')).rejects.toMatchObject({ status: 401 });
    expect(s.onRefreshFailed).toHaveBeenCalledTimes(1);
    expect(api.callsTo('/users/profile')).toHaveLength(1);
  });

  it('never refreshes inside an embedded view', async () => {
    session({ isEmbedded: () => true, getAccessToken: () => 'app-token' });
    const api = stubApi({ 'GET /users/profile': reply(401, errorBody('unauthorized')) });

    await expect(apiRequest('/users/profile')).rejects.toMatchObject({ status: 401 });
    expect(api.callsTo('/users/token_refresh')).toHaveLength(0);
  });

  it('shares one refresh between concurrent 401s', async () => {
    session();
    const api = stubApi({
      'GET /cms/lessons/1': (_u: URL, init: RequestInit) =>
        (init.headers as Record<string, string>).Authorization
          ? { body: { id: 1 } }
          : { status: 401, body: errorBody('x') },
      'GET /users/token_refresh': { data: { access: 'new' } },
    });

    await Promise.all([apiRequest('/cms/lessons/1'), apiRequest('/cms/lessons/1')]);

    expect(api.callsTo('/users/token_refresh')).toHaveLength(1);
  });

  it('makes calls started during a refresh wait for it and use its token', async () => {
    session();
    let release: () => void = () => undefined;
    const api = stubApi({
      'GET /users/token_refresh': () =>
        new Promise((resolve) => (release = () => resolve({ body: { data: { access: 'new' } } }))),
      'GET /cms/lessons/1': { id: 1 },
    });

    const restored = restoreSession();
    const lesson = apiRequest('/cms/lessons/1');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(api.calls.map((c) => c.url.pathname)).toEqual(['/users/token_refresh']);

    release();
    await expect(restored).resolves.toBe('new');
    await expect(lesson).resolves.toEqual({ id: 1 });
    expect((api.callsTo('/cms/lessons/1')[0]!.init.headers as Record<string, string>).Authorization).toBe('Bearer new');
    expect(api.callsTo('/users/token_refresh')).toHaveLength(1);
  });

  it('restoreSession resolves to null when the refresh fails, and calls then go without a token', async () => {
    const s = session();
    const api = stubApi({
      'GET /users/token_refresh': reply(401, errorBody('user_refresh_token_expired')),
      'GET /cms/lessons/1': { id: 1 },
    });

    const restored = restoreSession();
    await apiRequest('/cms/lessons/1');

    await expect(restored).resolves.toBeNull();
    expect(s.onRefreshFailed).toHaveBeenCalledTimes(1);
    expect((api.callsTo('/cms/lessons/1')[0]!.init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('sends a multipart body as it is, with the content type the browser sets', async () => {
    session();
    const api = stubApi({ 'POST /users/profile': { data: { avatar: { src: '/uploads/a.webp' } } } });
    const form = new FormData();
    form.append('avatar', new Blob(['x'], { type: 'image/png' }));

    await apiRequest('/users/profile', { method: 'POST', body: form });

    expect(api.calls[0]!.init.body).toBe(form);
    expect((api.calls[0]!.init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('sends JSON bodies', async () => {
    session();
    const api = stubApi({ 'POST /content/subscribe': { data: {} } });

    await apiRequest('/content/subscribe', { method: 'POST', body: { email: 'a@b.co' } });

    expect(api.calls[0]!.init.body).toBe(JSON.stringify({ email: 'a@b.co' }));
    expect((api.calls[0]!.init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('shares one request between identical GETs in flight, and asks again once it has answered', async () => {
    session();
    const api = stubApi({ 'GET /cms/lessons': [{ id: 1 }], 'POST /content/subscribe': { data: {} } });

    const [first, second] = await Promise.all([
      apiRequest('/cms/lessons', { query: { _limit: 24 } }),
      apiRequest('/cms/lessons', { query: { _limit: 24 } }),
      apiRequest('/cms/lessons', { query: { _limit: 8 } }),
      apiRequest('/content/subscribe', { method: 'POST', body: { email: 'a@b.co' } }),
      apiRequest('/content/subscribe', { method: 'POST', body: { email: 'a@b.co' } }),
    ]);
    expect(first).toEqual([{ id: 1 }]);
    expect(second).toEqual([{ id: 1 }]);
    expect(api.callsTo('/cms/lessons')).toHaveLength(2);
    expect(api.callsTo('/content/subscribe')).toHaveLength(2);

    await apiRequest('/cms/lessons', { query: { _limit: 24 } });
    expect(api.callsTo('/cms/lessons')).toHaveLength(3);
  });
});
