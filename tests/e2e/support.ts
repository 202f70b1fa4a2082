// Shared set-up of the end-to-end tests: stored cookie choice, the footer and newsletter calls
// (mocked until the backend serves them), the external player, and a mocked signed-in session.
import type { Page, Route } from '@playwright/test';

export interface Prepared {
  subscribeBodies: unknown[];
  progressBodies: unknown[];
}

interface Options {
  /** The stored cookie choice; null leaves it unset so that the banner shows. */
  consent?: { statistics: boolean; media: boolean } | null;
  subscribed?: boolean;
  /** Answer of POST /content/subscribe. */
  subscribeStatus?: number;
}

const json = (route: Route, status: number, body: unknown) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

export async function prepare(page: Page, options: Options = {}): Promise<Prepared> {
  const { consent = { statistics: false, media: false }, subscribed = false, subscribeStatus = 200 } = options;
  const prepared: Prepared = { subscribeBodies: [], progressBodies: [] };
  if (consent) {
    await page.addInitScript((value) => {
      if (!window.localStorage.getItem('cookieConsent')) {
        window.localStorage.setItem('cookieConsent', JSON.stringify(value));
      }
    }, consent);
  }
  await page.route('**/content/footer', (route) =>
    json(route, 200, {
      data: {
        data: {
          subscribed,
          urls: {
            facebook: 'https://www.facebook.com/example',
            instagram: 'https://www.instagram.com/example',
            youtube: 'https://www.youtube.com/@example',
            twitter: 'https://twitter.com/example',
          },
        },
      },
    }),
  );
  await page.route('**/content/subscribe', (route) => {
    prepared.subscribeBodies.push(route.request().postDataJSON());
    return subscribeStatus === 200
      ? json(route, 200, { data: { email: 'x' } })
      : json(route, subscribeStatus, { error: { code: 'server_error', message: 'Boom' } });
  });
  // The external player never loads for real in tests.
  await page.route('https://www.dailymotion.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
  );
  return prepared;
}

/**
 * A signed-in free member without a real account: token refresh and profile are mocked and the
 * content API is asked without the made-up token (so it answers as for a guest).
 */
export async function signInAsFreeMember(page: Page, prepared: Prepared): Promise<void> {
  const user = { id: 1, username: 'learner', firstname: 'Ada', lastname: 'Board', user_tier: 'free', subscription: null };
  await page.addInitScript((stored) => window.localStorage.setItem('user', JSON.stringify(stored)), user);
  // Shaped as the BFF answers them (bff/accounts/routes.py).
  await page.route('**/users/token_refresh', (route) => json(route, 200, { data: { access: 'test-access', user } }));
  await page.route('**/users/profile', (route) => json(route, 200, { data: user }));
  await page.route('**/content/progress', (route) => {
    prepared.progressBodies.push(route.request().postDataJSON());
    return json(route, 200, { data: {} });
  });
  for (const pattern of ['**/cms/**', '**/masterclasses/**']) {
    await page.route(pattern, (route) => {
      const headers = { ...route.request().headers() };
      delete headers.authorization;
      return route.continue({ headers });
    });
  }
}
