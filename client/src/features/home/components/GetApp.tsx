// The home page's app links, to the stores (the constants' links when editors gave none), as
// the stores' badges.
import type { HomeHub } from '../../../api/contract';
import { AppStoreBadge, GooglePlayBadge } from '../../../components/brand-icons';
import { APP_LINKS_FALLBACK } from '../../../lib/constants';
import './get-app.css';

export function GetApp({ data }: { data: HomeHub }) {
  return (
    <section className="get-app" aria-labelledby="home-get-app">
      <h2 id="home-get-app" className="section__title">
        {data.app_title ?? 'Get the app'}
      </h2>
      {data.app_text && <p>{data.app_text}</p>}
      <div className="get-app__links">
        <a
          className="get-app__badge"
          href={data.app_store_url ?? APP_LINKS_FALLBACK.ios}
          rel="noopener noreferrer"
          aria-label="Download on the App Store"
        >
          <AppStoreBadge />
        </a>
        <a
          className="get-app__badge"
          href={data.play_store_url ?? APP_LINKS_FALLBACK.android}
          rel="noopener noreferrer"
          aria-label="Get it on Google Play"
        >
          <GooglePlayBadge />
        </a>
      </div>
    </section>
  );
}
