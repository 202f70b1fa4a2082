// What happens on every route change: scroll to the top and set the route's title and description.
import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { applySeo, seoFor } from './seo';

export function useRouteEffects(): void {
  const { pathname } = useLocation();

  // A layout effect runs before the pages' own effects, so a page can still override the
  // title with one built from its data.
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
    applySeo(seoFor(pathname));
  }, [pathname]);
}
