// The home page's app links, to the stores (the constants' links when editors gave none).
import type { HomeHub } from '../../../api/contract';
import { APP_LINKS_FALLBACK } from '../../../lib/constants';

export function GetApp({ data }: { data: HomeHub }) {
  return (
    <section className="get-app" aria-labelledby="home-get-app">
      <h2 id="home-get-app" className="section__title">
        {data.app_title ?? 'Get the app'}
      </h2>
      {data.app_text && <p>{data.app_text}</p>}
      <div className="get-app__links">
        <a className="button" href={data.app_store_url ?? APP_LINKS_FALLBACK.ios} rel="noopener noreferrer">
          Download on the App Store
        </a>
        <a className="button" href={data.play_store_url ?? APP_LINKS_FALLBACK.android} rel="noopener noreferrer">
          Get it on Google Play
        </a>
      </div>
    </section>
  );
}
