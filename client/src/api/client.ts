// The one HTTP client: base paths, 5 s timeout, bearer token, `error` bodies as failures, and
// on a 401 one token refresh (GET /users/token_refresh with the cookie) then one retry. Calls made
// while a refresh runs wait for its token.
import { inPreview } from './preview';

/** How long a call may take before it fails as timed out. */
const REQUEST_TIMEOUT_MS = 5000;

export interface ApiErrorBody {
  code?: string;
  message?: string;
  fields?: Record<string, string>;
  /** What a server adds to some codes (a locked item's offer, say). */
  [extra: string]: unknown;
}

export class ApiError extends Error {
  readonly status: number | null;
  readonly code: string | null;
  readonly fields: Record<string, string>;
  /** The whole error body, extras included. */
  readonly body: ApiErrorBody;
  /** No answer because the network is down (fetch threw, or the browser says it is offline). */
  readonly offline: boolean;

  constructor(status: number | null, body: ApiErrorBody | null, fallback = 'Request failed', offline = false) {
    super(body?.message || fallback);
    this.name = 'ApiError';
    this.status = status;
    this.code = body?.code ?? null;
    this.fields = body?.fields ?? {};
    this.body = body ?? {};
    this.offline = offline;
  }
}

/** What the session tells the client; the store wires these in (see app/store.ts). */
export interface ApiSession {
  getAccessToken(): string | null;
  isEmbedded(): boolean;
  onTokenRefreshed(access: string): void;
  onRefreshFailed(): void;
}

const noSession: ApiSession = {
  getAccessToken: () => null,
  isEmbedded: () => false,
  onTokenRefreshed: () => undefined,
  onRefreshFailed: () => undefined,
};

let session: ApiSession = noSession;

export function configureApi(next: ApiSession | null): void {
  session = next ?? noSession;
  refreshing = null;
}

export type Query = Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  body?: unknown;
  /** Send cookies (login, logout, token refresh). */
  withCredentials?: boolean;
  timeoutMs?: number;
  /** Let the request outlive the page (a report sent as the page goes away). */
  keepalive?: boolean;
}

export function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    // A list is the parameter repeated, as the BFF reads several ids (`?lessons=1&lessons=2`).
    const values = Array.isArray(value) ? value : [value];
    for (const one of values) {
      if (one !== null && one !== undefined && one !== '') params.append(name, String(one));
    }
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

async function send(path: string, options: RequestOptions, token: string | null) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const headers: Record<string, string> = { Accept: 'application/json' };
  // A multipart body (an avatar upload) sets its own content type with the boundary.
  const multipart = options.body instanceof FormData;
  if (options.body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    const response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body:
        options.body === undefined ? undefined : multipart ? (options.body as FormData) : JSON.stringify(options.body),
      credentials: options.withCredentials ? 'include' : 'same-origin',
      // Drafts of a preview session must not come from (or go into) the browser's cache.
      cache: inPreview() ? 'no-store' : 'default',
      signal: controller.signal,
      keepalive: options.keepalive,
    });
    const text = await response.text();
    let body: unknown = null;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        body = null;
      }
    }
    return { status: response.status, ok: response.ok, body };
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'AbortError';
    const offline = !timedOut || navigator.onLine === false;
    throw new ApiError(null, null, timedOut ? 'The request timed out' : 'Network error', offline);
  } finally {
    clearTimeout(timer);
  }
}

function failure(status: number, body: unknown): ApiError | null {
  const errorBody =
    body && typeof body === 'object' && 'error' in body
      ? ((body as { error: ApiErrorBody | string }).error ?? {})
      : null;
  if (errorBody !== null) {
    return new ApiError(status, typeof errorBody === 'string' ? { code: errorBody, message: errorBody } : errorBody);
  }
  return status >= 200 && status < 300 ? null : new ApiError(status, null);
}

/** The access token of a refresh answer ({data: {access}}). */
function accessIn(body: unknown): string | undefined {
  return (body as { data?: { access?: string | null } } | null)?.data?.access ?? undefined;
}

// One refresh at a time: concurrent 401s share it, and calls made meanwhile wait for it.
let refreshing: Promise<string | null> | null = null;

function sharedRefresh(): Promise<string | null> {
  refreshing ??= refreshAccessToken().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function refreshAccessToken(): Promise<string | null> {
  let unanswered = false;
  const result = await send('/users/token_refresh', { withCredentials: true }, null).catch((error: unknown) => {
    unanswered = error instanceof ApiError && error.offline;
    return null;
  });
  // Offline the session has not ended, it is out of reach: the member stays signed in (their
  // writes wait on this device) and the next call's 401 refreshes once the network is back.
  if (unanswered) return null;
  const access = result && !failure(result.status, result.body) ? accessIn(result.body) : undefined;
  if (access) {
    session.onTokenRefreshed(access);
    return access;
  }
  session.onRefreshFailed();
  return null;
}

/**
 * Tokens live in memory only: at start a stored user has none. Get one from the refresh cookie
 * before anything else, so that calls made meanwhile wait for it instead of going out without
 * a token (answered as for a guest: locked items, a Pro member sent to the upgrade page).
 * Resolves to the new access token, or null once the refresh failed (guest mode).
 */
export function restoreSession(): Promise<string | null> {
  return sharedRefresh();
}

type SendResult = Awaited<ReturnType<typeof send>>;

// Identical GETs in flight share one request: the first page of a visit asks for its data before
// the page's code has arrived (app/preload.ts), and the page asks again once it renders.
const inFlight = new Map<string, Promise<SendResult>>();

function sendShared(path: string, options: RequestOptions, token: string | null): Promise<SendResult> {
  if ((options.method ?? 'GET') !== 'GET' || options.withCredentials) return send(path, options, token);
  const key = `${token ?? ''} ${buildUrl(path, options.query)}`;
  const shared = inFlight.get(key);
  if (shared) return shared;
  // The caller gets send's own promise (no extra tick, so answers keep their order); the entry
  // goes when it settles.
  const pending = send(path, options, token);
  inFlight.set(key, pending);
  const forget = () => inFlight.delete(key);
  pending.then(forget, forget);
  return pending;
}

/** Calls that sign in or register: their 401 is a wrong credential (a password, a provider's
 * token), never an expired session, so it starts no refresh and leaves the visitor as they were. */
const SIGN_IN_CALLS = new Set([
  '/users/login',
  '/users/register',
  '/users/register_email',
  '/users/register_no_confirm',
  '/users/facebook',
  '/users/google',
  '/users/apple',
]);

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const isRefreshCall = path === '/users/token_refresh';
  if (refreshing && !isRefreshCall) await refreshing;
  const token = session.getAccessToken();
  let result = await sendShared(path, options, token);
  if (result.status === 401 && !isRefreshCall && !SIGN_IN_CALLS.has(path) && !session.isEmbedded()) {
    const access = await sharedRefresh();
    if (access) result = await sendShared(path, options, access);
    // The session has ended (the member is told: auth-sagas): ask again as the guest they now are,
    // so that public content still comes.
    else if (token) result = await sendShared(path, options, null);
  }
  const error = failure(result.status, result.body);
  if (error) throw error;
  return result.body as T;
}

/** What a call of /users, /content, /subscriptions, /products or /masterclasses answers in its
 * `{"data": ...}` envelope (docs/api.md). */
export async function apiData<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiRequest<{ data: T }>(path, options)).data;
}
