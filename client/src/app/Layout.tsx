// The shell around every page: header, main content (lazy pages, faded out and in), footer, overlays,
// toasts and the cookie banner; the footer once the app has taken the server's first screen's
// place. Embedded views (the apps' web views) hide header and footer.
import { lazy, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { navigation } from '../lib/navigation';
import { selectIsEmbedded } from '../state/auth-slice';
import { canOpenModal, modalFromQuery, modalOpened } from '../state/modal-slice';
import { CookieBanner } from './CookieBanner';
import { isTakingOver, whenTakenOver } from './first-screen';
import { Header } from './Header';
import { useAppDispatch, useAppSelector } from '../state/store-hooks';
import { ModalHost } from './ModalHost';
import { PageFrame } from './PageFrame';
import { PreviewBand } from './PreviewBand';
import { useRouteEffects } from './route-effects';
import { Toaster } from './Toaster';

// The footer is below the page's first screen: its code comes after what the page itself needs.
const Footer = lazy(async () => ({
  default: (await import(/* webpackChunkName: "footer" */ '../features/footer/components/Footer')).Footer,
}));

/** Whether the app has taken the server's first screen's place (at once where there was none). */
function useTakenOver(): boolean {
  const [taken, setTaken] = useState(() => !isTakingOver());
  useEffect(() => (taken ? undefined : whenTakenOver(() => setTaken(true))), [taken]);
  return taken;
}

export function Layout() {
  useRouteEffects();
  const { pathname, search } = useLocation();
  const dispatch = useAppDispatch();
  const embedded = useAppSelector(selectIsEmbedded);
  const navigate = useNavigate();
  // The footer is below the first screen: its code, its request and its render come once the
  // page has taken the first screen's place, in tasks of their own.
  const footer = useTakenOver();

  // Sagas change pages through the router (lib/navigation.ts); a layout effect, so that it is
  // there before the pages' own effects run.
  useLayoutEffect(() => {
    navigation.register((to, options) => void navigate(to, options));
    return () => navigation.register(null);
  }, [navigate]);

  // ?open=login|register|upgrade opens that overlay once, on load.
  useEffect(() => {
    const key = modalFromQuery(search);
    if (key && canOpenModal(key, pathname)) dispatch(modalOpened(key));
    // Only on the first render: later query changes are navigation, not a request to open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div className={`shell${embedded ? ' shell--embedded' : ''}`}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <PreviewBand />
      {!embedded && <Header />}
      <main id="main" className="site-main" tabIndex={-1}>
        <PageFrame key={pathname}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </PageFrame>
      </main>
      {footer && !embedded && (
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      )}
      <ModalHost />
      <Toaster />
      <CookieBanner />
    </div>
  );
}
