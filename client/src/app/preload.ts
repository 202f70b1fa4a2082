// The first page of a visit, fetched ahead: its code and its data are requested as soon as the
// store exists, side by side, instead of the data waiting for the page's code to arrive and
// render. The page's own request on mount is then answered by that load (preload-middleware.ts):
// one load per visit, so a failure is one request and one toast, not a second try a moment later.
import type { UnknownAction } from '@reduxjs/toolkit';
import { matchPath } from 'react-router';
import { articleRequested, mostViewedRequested } from '../features/articles/slice';
import { homeRequested } from '../features/home/slice';
import { filterOptionsRequested, lessonsRequested } from '../features/lessons/slice';
import { programFilterOptionsRequested, programsRequested } from '../features/programs/slice';
import type { PreloadMeta } from './preload-middleware';
import { preloadPageCode } from './routes';

type Params = Record<string, string | undefined>;

// The landing pages people arrive on from outside (search, links, the apps).
// A list whose address carries filters, a sort or pages (components/list-query.ts) is asked for
// by its page, which reads them.
const FIRST_REQUESTS: { path: string; actions: (params: Params, query: boolean) => UnknownAction[] }[] = [
  { path: '/home', actions: () => [homeRequested()] },
  {
    path: '/lessons',
    actions: (_, query) => [...(query ? [] : [lessonsRequested()]), filterOptionsRequested()],
  },
  { path: '/articles/:id', actions: ({ id = '' }) => [articleRequested(id), mostViewedRequested()] },
  {
    path: '/programs',
    actions: (_, query) => [...(query ? [] : [programsRequested()]), programFilterOptionsRequested()],
  },
];

export function preloadFirstPage(pathname: string, dispatch: (action: UnknownAction) => unknown, search = ''): void {
  preloadPageCode(pathname);
  for (const { path, actions } of FIRST_REQUESTS) {
    const match = matchPath(path, pathname);
    if (match) {
      const meta: PreloadMeta = { preloadedFor: pathname };
      actions(match.params, search.replace(/^\?/, '') !== '').forEach((action) => dispatch({ ...action, meta }));
    }
  }
}
