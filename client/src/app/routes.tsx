// The route table: every page is its own lazily loaded chunk inside the layout shell.
import { lazy, type ComponentType } from 'react';
import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { Layout } from './Layout';

// React.lazy wants a default export; pages use named exports.
function lazyPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const HomePage = lazyPage(
  () => import(/* webpackChunkName: "home" */ '../features/home/pages/HomePage'),
  'HomePage',
);
const NotFoundPage = lazyPage(
  () => import(/* webpackChunkName: "not-found" */ '../features/not-found/pages/NotFoundPage'),
  'NotFoundPage',
);

// The bare root goes home; the query is kept so that ?open=login still opens its overlay.
function RootRedirect() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: '/home', search }} replace />;
}

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: <RootRedirect /> },
      { path: '/home', element: <HomePage /> },
      { path: '/404', element: <NotFoundPage /> },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}
