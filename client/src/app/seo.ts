// Page titles and meta descriptions per route, applied on every navigation.
import { matchPath } from 'react-router';

export const SITE_NAME = 'Chess learning';

export interface PageSeo {
  title: string;
  description: string;
}

export const HOME_SEO: PageSeo = {
  title: 'Learn chess online with a world champion',
  description:
    'Learn chess from a world champion: masterclass episodes, lessons, improvement programs, documentaries and the latest chess news.',
};

// First match wins. Routes without an entry get the home title and description; pages whose
// title depends on their data (a lesson, say) call applySeo once the data is there.
const routeSeo: ReadonlyArray<{ path: string; seo: PageSeo }> = [
  { path: '/home', seo: HOME_SEO },
  {
    path: '/404',
    seo: {
      title: 'Page not found',
      description: "We couldn't find the page you were looking for.",
    },
  },
];

export function seoFor(pathname: string): PageSeo {
  return routeSeo.find(({ path }) => matchPath(path, pathname))?.seo ?? HOME_SEO;
}

export function applySeo({ title, description }: PageSeo, doc: Document = document): void {
  doc.title = title;
  let meta = doc.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = doc.createElement('meta');
    meta.name = 'description';
    doc.head.append(meta);
  }
  meta.content = description;
}
