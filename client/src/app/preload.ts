// The first page of a visit, fetched ahead: its code and its data are requested as soon as the
// store exists, side by side, instead of the data waiting for the page's code to arrive and
// render. The page's own request on mount is then answered by that load (preload-middleware.ts):
// one load per visit, so a failure is one request and one toast, not a second try a moment later.
import type { UnknownAction } from '@reduxjs/toolkit';
import { matchPath } from 'react-router';
import { articlesActions } from '../features/articles/slice';
import { homeRequested } from '../features/home/slice';
import { lessonsActions } from '../features/lessons/slice';
import { programsActions } from '../features/programs/slice';
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
    actions: (_, query) => [
      ...(query ? [] : [lessonsActions.lessonsRequested()]),
      lessonsActions.lessonFilterOptionsRequested(),
    ],
  },
  {
    path: '/articles/:id',
    actions: ({ id = '' }) => [articlesActions.articleRequested(id), articlesActions.mostViewedRequested()],
  },
  {
    path: '/programs',
    actions: (_, query) => [
      ...(query ? [] : [programsActions.programsRequested()]),
      programsActions.programFilterOptionsRequested(),
    ],
  },
];

/**
 * The first page's preload as steps: its code, then each of its requests. The start-up runs each
 * in a task of its own (index.tsx): asking for a chunk and starting a request's saga cost a few
 * milliseconds each, and together they made one of the start's longest tasks.
 */
export function firstPageSteps(
  pathname: string,
  dispatch: (action: UnknownAction) => unknown,
  search = '',
): (() => void)[] {
  const steps = [() => preloadPageCode(pathname)];
  for (const { path, actions } of FIRST_REQUESTS) {
    const match = matchPath(path, pathname);
    if (match) {
      const meta: PreloadMeta = { preloadedFor: pathname };
      for (const action of actions(match.params, search.replace(/^\?/, '') !== '')) {
        steps.push(() => void dispatch({ ...action, meta }));
      }
    }
  }
  return steps;
}

/** The whole preload at once. */
export function preloadFirstPage(pathname: string, dispatch: (action: UnknownAction) => unknown, search = ''): void {
  firstPageSteps(pathname, dispatch, search).forEach((step) => step());
}
