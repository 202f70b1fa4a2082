// What happens on every route change: scroll to the top, set the route's title and description,
// and tell the store which route is shown.
import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { routeEntered } from './app-slice';
import { useAppDispatch } from '../state/store-hooks';
import { applySeo, seoFor } from '../lib/seo';

export function useRouteEffects(): void {
  const { pathname } = useLocation();
  const dispatch = useAppDispatch();

  // A layout effect runs before the pages' own effects, so a page can still override the
  // title with one built from its data.
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
    applySeo(seoFor(pathname));
    dispatch(routeEntered(pathname));
  }, [pathname, dispatch]);
}
