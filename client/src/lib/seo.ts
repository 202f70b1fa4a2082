// Page titles and meta descriptions per route, applied on every navigation.
import { matchPath } from 'react-router';
import { REGISTER_TYPES } from '../api/sign-in';

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
    path: '/masterclass',
    seo: {
      title: 'Masterclass: Learn with the world champion',
      description:
        'Learn chess with a world champion: episodes on openings, preparation, calculation and the endgame, taught by the champion.',
    },
  },
  {
    path: '/search',
    seo: {
      title: 'Search',
      description: 'Find lessons, programs, articles, videos and masterclass episodes by title, teacher or topic.',
    },
  },
  {
    path: '/articles',
    seo: {
      title: 'Chess news and articles',
      description: 'The latest chess news, tournament reports and training advice from our editors.',
    },
  },
  {
    path: '/lessons',
    seo: {
      title: 'Chess lessons by master players',
      description:
        'A library of chess lessons by named teachers: openings, tactics, strategy and endgames for every level.',
    },
  },
  {
    path: '/puzzles',
    seo: {
      title: 'Chess puzzles',
      description:
        'Rated chess puzzles by theme, near your rating: a daily puzzle for everyone, a streak, a rating chart and a review of the puzzles you miss.',
    },
  },
  {
    path: '/puzzles/daily',
    seo: {
      title: 'Daily chess puzzle',
      description: 'The chess puzzle of the day, the same for everyone: find the best move.',
    },
  },
  {
    path: '/puzzles/run',
    seo: {
      title: 'Puzzle runs',
      description: 'Solve as many chess puzzles as you can in three minutes, or in a row without a mistake.',
    },
  },
  {
    path: '/grand-chess-tour',
    seo: {
      title: 'Grand Chess Tour 2022',
      description: 'Watch the Grand Chess Tour live: the five events of the 2022 season and the story of the tour.',
    },
  },
  {
    path: '/programs',
    seo: {
      title: 'Chess improvement programs',
      description: 'More than 40 step-by-step chess programs by master players, from the opening to the endgame.',
    },
  },
  {
    path: '/upgrade-account',
    seo: {
      title: 'Become a Pro member',
      description:
        'Go Pro: every lesson and program by master players, all documentaries and interviews, and unlimited rated puzzles. Monthly or yearly, with a 7-day free trial.',
    },
  },
  {
    path: '/review',
    seo: {
      title: 'Review',
      description: 'The puzzles and exercises you missed and the lines you drill, when they are due again.',
    },
  },
  {
    path: '/account',
    seo: {
      title: 'My account',
      description: 'Your profile, password, e-mail address, membership, purchases and data.',
    },
  },
  ...['/welcome-you', '/welcome-me'].map((path) => ({
    path,
    seo: {
      title: 'Welcome to Pro Membership',
      description: 'Your Pro membership has started: every lesson, program, documentary and interview is yours.',
    },
  })),
  ...['/payment/success', '/product-payment/success', '/product-payment/cancel'].map((path) => ({
    path,
    seo: { title: 'Payment', description: 'Confirming your payment.' },
  })),
  {
    path: '/404',
    seo: {
      title: 'Page not found',
      description: "We couldn't find the page you were looking for.",
    },
  },
];

export function seoFor(pathname: string): PageSeo {
  const register = matchPath('/register/:type', pathname);
  const name = register?.params.type;
  const type = name && name in REGISTER_TYPES ? REGISTER_TYPES[name as keyof typeof REGISTER_TYPES] : null;
  if (type) {
    return {
      title: `Register with ${type}`,
      description: `Create your chess learning account with ${type} and start learning from the best.`,
    };
  }
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
