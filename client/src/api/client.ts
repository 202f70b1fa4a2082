// The one HTTP client: base paths, 5 s timeout, bearer token, `error` bodies as failures, and
// on a 401 one token refresh (GET /users/token_refresh with the cookie) then one retry.
import { REQUEST_TIMEOUT_MS } from '../lib/constants';

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

  constructor(status: number | null, body: ApiErrorBody | null, fallback = 'Request failed') {
    super(body?.message || fallback);
    this.name = 'ApiError';
    this.status = status;
    this.code = body?.code ?? null;
    this.fields = body?.fields ?? {};
    this.body = body ?? {};
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

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Query;
  body?: unknown;
  /** Send cookies (login, logout, token refresh). */
  withCredentials?: boolean;
  timeoutMs?: number;
}

export function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined && value !== '') params.append(name, String(value));
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
        options.body === undefined
          ? undefined
          : multipart
            ? (options.body as FormData)
            : JSON.stringify(options.body),
      credentials: options.withCredentials ? 'include' : 'same-origin',
      signal: controller.signal,
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
    throw new ApiError(null, null, timedOut ? 'The request timed out' : 'Network error');
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
    return new ApiError(
      status,
      typeof errorBody === 'string' ? { code: errorBody, message: errorBody } : errorBody,
    );
  }
  return status >= 200 && status < 300 ? null : new ApiError(status, null);
}

/** The access token of a refresh answer: {data: {access}}, or {data: {data: {access}}} as SPEC §7 records it. */
function accessIn(body: unknown): string | undefined {
  const data = (body as { data?: { access?: string | null; data?: { access?: string } } } | null)?.data;
  return data?.access ?? data?.data?.access ?? undefined;
}

// Concurrent 401s share one refresh.
let refreshing: Promise<string | null> | null = null;

async function refreshAccessToken(): Promise<string | null> {
  const result = await send('/users/token_refresh', { withCredentials: true }, null).catch(
    () => null,
  );
  const access = result && !failure(result.status, result.body) ? accessIn(result.body) : undefined;
  if (access) {
    session.onTokenRefreshed(access);
    return access;
  }
  session.onRefreshFailed();
  return null;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const token = session.getAccessToken();
  let result = await send(path, options, token);
  const isRefreshCall = path === '/users/token_refresh';
  if (result.status === 401 && !isRefreshCall && !session.isEmbedded()) {
    refreshing ??= refreshAccessToken().finally(() => {
      refreshing = null;
    });
    const access = await refreshing;
    if (access) result = await send(path, options, access);
  }
  const error = failure(result.status, result.body);
  if (error) throw error;
  return result.body as T;
}

/** Calls of /users, /content, /subscriptions and /products answer {data: ...}, some of them
 * {data: {data: ...}}: both read the same. */
export async function apiData<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const body = await apiRequest<{ data?: { data?: T } | T }>(path, options);
  const outer = body?.data;
  if (outer && typeof outer === 'object' && 'data' in outer) return (outer as { data: T }).data;
  return outer as T;
}
