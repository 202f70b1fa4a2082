// One load per visit of the first page: its requests made ahead (preload.ts) stand for the ones
// the page makes when it mounts.
import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import { routeEntered } from './app-slice';

/** What preload.ts adds to the requests it makes for the page of this path. */
export interface PreloadMeta {
  preloadedFor?: string;
}

const requestKey = (action: UnknownAction) => JSON.stringify([action.type, action.payload ?? null]);

/**
 * Lets the first page's own requests through only once: a request the preload made for this page
 * is not made again when the page mounts and asks for it (the load is under way, done, or failed
 * and toasted). Leaving that page ends it: a later visit asks as usual, a failure is tried again.
 */
export function preloadMiddleware(): Middleware {
  let preloaded: { pathname: string; keys: Set<string> } | null = null;
  return () => (next) => (action) => {
    const request = action as UnknownAction & { meta?: PreloadMeta };
    const pathname = request.meta?.preloadedFor;
    if (pathname) {
      if (preloaded?.pathname !== pathname) preloaded = { pathname, keys: new Set() };
      preloaded.keys.add(requestKey(request));
      return next(action);
    }
    if (preloaded) {
      if (routeEntered.match(request) && request.payload !== preloaded.pathname) preloaded = null;
      else if (preloaded.keys.delete(requestKey(request))) return action;
    }
    return next(action);
  };
}
