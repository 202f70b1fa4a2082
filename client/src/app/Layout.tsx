// The shell around every page: header, main content (lazy pages) and footer.
import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { useRouteEffects } from './route-effects';
import { SITE_NAME } from './seo';

export function Layout() {
  useRouteEffects();

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <Link className="site-name" to="/home">
          {SITE_NAME}
        </Link>
      </header>
      <main id="main" className="site-main" tabIndex={-1}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="site-footer">
        <p>
          © {new Date().getFullYear()} {SITE_NAME}
        </p>
      </footer>
    </div>
  );
}
