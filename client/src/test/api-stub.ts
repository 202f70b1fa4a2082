// A stand-in for the network in jest: routes "METHOD /path" to canned answers and records calls.
export interface Reply {
  status?: number;
  body?: unknown;
}

// A bare value (200 with that body), reply(...), or a function of the request answering a Reply.
export type Responder = unknown;
type ResponderFn = (url: URL, init: RequestInit) => Reply | Promise<Reply>;

export interface StubbedCall {
  method: string;
  url: URL;
  init: RequestInit;
}

const replyMarker = Symbol('reply');

/** An explicit reply with a status (a bare value is a 200 with that body). */
export function reply(status: number, body?: unknown): Reply & { [replyMarker]: true } {
  return { status, body, [replyMarker]: true };
}

export function errorBody(code: string, message = code) {
  return { error: { code, message } };
}

/** Lets what waits on a stubbed answer go on: the promises and the sagas they wake, one task later. */
export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

export function stubApi(routes: Record<string, Responder>) {
  const calls: StubbedCall[] = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    calls.push({ method, url, init });
    const responder = routes[`${method} ${url.pathname}`];
    let answer: Reply;
    if (responder === undefined) {
      answer = { status: 404, body: errorBody('not_found') };
    } else if (typeof responder === 'function') {
      answer = await (responder as ResponderFn)(url, init);
    } else if (responder && typeof responder === 'object' && replyMarker in responder) {
      answer = responder as Reply;
    } else {
      answer = { status: 200, body: responder };
    }
    const status = answer.status ?? 200;
    return {
      status,
      ok: status >= 200 && status < 300,
      text: () => Promise.resolve(answer.body === undefined ? '' : JSON.stringify(answer.body)),
    } as Response;
  });
  globalThis.fetch = fetchMock as typeof fetch;
  return {
    calls,
    fetch: fetchMock,
    /** Calls to one path, e.g. callsTo('/cms/lessons'). */
    callsTo: (path: string) => calls.filter((call) => call.url.pathname === path),
  };
}
