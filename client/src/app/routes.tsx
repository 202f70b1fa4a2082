// The route table: every page is its own lazily loaded chunk inside the layout shell.
import { isValidElement, lazy, type ComponentType } from 'react';
import { matchRoutes, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { Layout } from './Layout';

// React.lazy wants a default export; pages use named exports. `preload` fetches the page's code
// before React asks for it (webpack loads a chunk once, however often it is imported).
function lazyPage<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  return Object.assign(
    lazy(async () => ({ default: (await load())[name] })),
    { preload: () => void load().catch(() => undefined) },
  );
}

const HomePage = lazyPage(() => import(/* webpackChunkName: "home" */ '../features/home/pages/HomePage'), 'HomePage');
const NotFoundPage = lazyPage(
  () => import(/* webpackChunkName: "not-found" */ '../features/not-found/pages/NotFoundPage'),
  'NotFoundPage',
);
const ArticlesPage = lazyPage(
  () => import(/* webpackChunkName: "articles" */ '../features/articles/pages/ArticlesPage'),
  'ArticlesPage',
);
const ArticlePage = lazyPage(
  () => import(/* webpackChunkName: "article" */ '../features/articles/pages/ArticlePage'),
  'ArticlePage',
);
const LessonsPage = lazyPage(
  () => import(/* webpackChunkName: "lessons" */ '../features/lessons/pages/LessonsPage'),
  'LessonsPage',
);
const LessonPage = lazyPage(
  () => import(/* webpackChunkName: "lesson" */ '../features/lessons/pages/LessonPage'),
  'LessonPage',
);
const MasterclassPage = lazyPage(
  () => import(/* webpackChunkName: "masterclass" */ '../features/masterclass/pages/MasterclassPage'),
  'MasterclassPage',
);
const EpisodePage = lazyPage(
  () => import(/* webpackChunkName: "episode" */ '../features/masterclass/pages/EpisodePage'),
  'EpisodePage',
);
const VideoPage = lazyPage(
  () => import(/* webpackChunkName: "video" */ '../features/videos/pages/VideoPage'),
  'VideoPage',
);
const ProgramsPage = lazyPage(
  () => import(/* webpackChunkName: "programs" */ '../features/programs/pages/ProgramsPage'),
  'ProgramsPage',
);
const ProgramPage = lazyPage(
  () => import(/* webpackChunkName: "program" */ '../features/programs/pages/ProgramPage'),
  'ProgramPage',
);
const ChapterPage = lazyPage(
  () => import(/* webpackChunkName: "program-chapter" */ '../features/programs/pages/ChapterPage'),
  'ChapterPage',
);
const GrandChessTourPage = lazyPage(
  () => import(/* webpackChunkName: "grand-chess-tour" */ '../features/grand-chess-tour/pages/GrandChessTourPage'),
  'GrandChessTourPage',
);
const LegalPage = lazyPage(
  () => import(/* webpackChunkName: "legal-page" */ '../features/legal/pages/LegalPage'),
  'LegalPage',
);
const UpgradePage = lazyPage(
  () => import(/* webpackChunkName: "upgrade" */ '../features/upgrade/pages/UpgradePage'),
  'UpgradePage',
);
const PaymentSuccessPage = lazyPage(
  () => import(/* webpackChunkName: "payment-success" */ '../features/upgrade/pages/PaymentSuccessPage'),
  'PaymentSuccessPage',
);
const WelcomePage = lazyPage(
  () => import(/* webpackChunkName: "welcome" */ '../features/upgrade/pages/WelcomePage'),
  'WelcomePage',
);
const PurchaseSuccessPage = lazyPage(
  () => import(/* webpackChunkName: "purchase-success" */ '../features/upgrade/pages/PurchaseSuccessPage'),
  'PurchaseSuccessPage',
);
const PurchaseCancelPage = lazyPage(
  () => import(/* webpackChunkName: "purchase-cancel" */ '../features/upgrade/pages/PurchaseCancelPage'),
  'PurchaseCancelPage',
);
const PuzzlesPage = lazyPage(
  () => import(/* webpackChunkName: "puzzles" */ '../features/puzzles/pages/PuzzlesPage'),
  'PuzzlesPage',
);
const DailyPuzzlePage = lazyPage(
  () => import(/* webpackChunkName: "daily-puzzle" */ '../features/puzzles/pages/DailyPuzzlePage'),
  'DailyPuzzlePage',
);
const PuzzleRunPage = lazyPage(
  () => import(/* webpackChunkName: "puzzle-run" */ '../features/puzzles/pages/PuzzleRunPage'),
  'PuzzleRunPage',
);
const ReviewPage = lazyPage(
  () => import(/* webpackChunkName: "review" */ '../features/review/pages/ReviewPage'),
  'ReviewPage',
);
const SearchPage = lazyPage(
  () => import(/* webpackChunkName: "search" */ '../features/search/pages/SearchPage'),
  'SearchPage',
);
const LoginPage = lazyPage(
  () => import(/* webpackChunkName: "login" */ '../features/account/pages/LoginPage'),
  'LoginPage',
);
const OnboardingPage = lazyPage(
  () => import(/* webpackChunkName: "onboarding" */ '../features/account/pages/OnboardingPage'),
  'OnboardingPage',
);
const RegisterPage = lazyPage(
  () => import(/* webpackChunkName: "register" */ '../features/account/pages/RegisterPage'),
  'RegisterPage',
);
const ResetPasswordPage = lazyPage(
  () => import(/* webpackChunkName: "reset-password" */ '../features/account/pages/ResetPasswordPage'),
  'ResetPasswordPage',
);
const AccountPage = lazyPage(
  () => import(/* webpackChunkName: "account" */ '../features/account/pages/AccountPage'),
  'AccountPage',
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
      { path: '/articles', element: <ArticlesPage /> },
      { path: '/articles/:id', element: <ArticlePage /> },
      { path: '/lessons', element: <LessonsPage /> },
      { path: '/lessons/:id', element: <LessonPage /> },
      { path: '/masterclass', element: <MasterclassPage /> },
      { path: '/masterclass/chapter/:id', element: <EpisodePage /> },
      { path: '/videos/:id', element: <VideoPage /> },
      { path: '/programs', element: <ProgramsPage /> },
      { path: '/program/:id', element: <ProgramPage /> },
      { path: '/program-chapter/:id', element: <ChapterPage /> },
      { path: '/grand-chess-tour', element: <GrandChessTourPage /> },
      { path: '/legal/:slug', element: <LegalPage /> },
      { path: '/search', element: <SearchPage /> },
      { path: '/puzzles', element: <PuzzlesPage /> },
      { path: '/puzzles/daily', element: <DailyPuzzlePage /> },
      { path: '/puzzles/run', element: <PuzzleRunPage /> },
      { path: '/review', element: <ReviewPage /> },
      // Upgrade and payment.
      { path: '/upgrade-account', element: <UpgradePage /> },
      { path: '/payment/success', element: <PaymentSuccessPage /> },
      { path: '/welcome-you', element: <WelcomePage /> },
      { path: '/welcome-me', element: <WelcomePage /> },
      { path: '/product-payment/success', element: <PurchaseSuccessPage /> },
      { path: '/product-payment/cancel', element: <PurchaseCancelPage /> },
      // Accounts.
      { path: '/login', element: <LoginPage /> },
      { path: '/onboarding', element: <OnboardingPage /> },
      { path: '/register/:type', element: <RegisterPage /> },
      { path: '/reset_password', element: <ResetPasswordPage /> },
      { path: '/account', element: <AccountPage /> },
      { path: '/404', element: <NotFoundPage /> },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}

/** Starts loading the code of the page at `pathname`, ahead of the first render. */
export function preloadPageCode(pathname: string): void {
  const element = matchRoutes(routes, pathname)?.at(-1)?.route.element;
  if (!isValidElement(element)) return;
  const page = element.type as { preload?: () => void };
  page.preload?.();
}
