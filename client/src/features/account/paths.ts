// The account screens' paths, and the `redirect` query they pass on to each other.
import { useLocation } from 'react-router';

/** `path` with the redirect query, when there is one. */
export function withRedirect(path: string, redirect: string | null): string {
  return redirect ? `${path}?redirect=${encodeURIComponent(redirect)}` : path;
}

export const registerPath = (type: string, redirect: string | null) => withRedirect(`/register/${type}`, redirect);

/** The current screen's `redirect` query (where to go once signed in), or null. */
export function useRedirectParam(): string | null {
  return new URLSearchParams(useLocation().search).get('redirect');
}
