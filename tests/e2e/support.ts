// Shared set-up of the end-to-end tests: the `test` every spec uses, whose browsers, contexts and
// pages refuse to intercept the BFF's own routes (interception-rules.ts; route-scan.ts checks the
// sources too), with a `faults` fixture that makes the real BFF fail for this test only
// (faults.ts); the stored cookie choice; the external player, which never loads for real.
import { test as base, type Browser, type BrowserContext, expect, type Page } from '@playwright/test';
import { Faults } from './faults';
import { GUARD_ADVICE, interceptionProblem } from './interception-rules';

export { expect };

type UrlMatcher = string | RegExp | ((url: URL) => boolean);

/** The interception methods pages and contexts share. */
interface Routing {
  route(url: UrlMatcher, handler: (...args: never[]) => unknown, options?: { times?: number }): Promise<void>;
  routeWebSocket(url: UrlMatcher, handler: (...args: never[]) => unknown): Promise<void>;
  routeFromHAR(har: string, options?: object): Promise<void>;
}

const guarded = new WeakSet<object>();

function refused(problem: string): Promise<never> {
  return Promise.reject(new Error(`Intercepting this is not allowed: ${problem}. ${GUARD_ADVICE}`));
}

/** Replaces a page's or context's interception methods by ones that refuse the BFF's routes. */
function guardRouting(target: Page | BrowserContext, siteURL: string | undefined): void {
  if (guarded.has(target)) return;
  guarded.add(target);
  const routing = target as unknown as Routing;
  const route = routing.route.bind(routing);
  const routeWebSocket = routing.routeWebSocket.bind(routing);
  routing.route = (url, handler, options) => {
    const problem = interceptionProblem(url, siteURL);
    return problem ? refused(problem) : route(url, handler, options);
  };
  routing.routeWebSocket = (url, handler) => {
    const problem = interceptionProblem(url, siteURL);
    return problem ? refused(problem) : routeWebSocket(url, handler);
  };
  routing.routeFromHAR = () => refused('a HAR file replays recorded answers of any host');
}

function guardContext(context: BrowserContext, siteURL: string | undefined): BrowserContext {
  if (guarded.has(context)) return context;
  guardRouting(context, siteURL);
  for (const page of context.pages()) guardRouting(page, siteURL);
  context.on('page', (page) => guardRouting(page, siteURL));
  const newPage = context.newPage.bind(context);
  context.newPage = async () => {
    const page = await newPage();
    guardRouting(page, siteURL);
    return page;
  };
  return context;
}

/** Contexts and pages a test makes itself (`browser.newContext()`) are guarded as well. */
function guardBrowser(browser: Browser, siteURL: string | undefined): void {
  if (guarded.has(browser)) return;
  guarded.add(browser);
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = async (options) => guardContext(await newContext(options), siteURL);
  browser.newPage = async (options) => {
    const page = await newPage(options);
    guardContext(page.context(), siteURL);
    guardRouting(page, siteURL);
    return page;
  };
}

export const test = base.extend<{ faults: Faults }>({
  browser: [
    async ({ browser }, use, workerInfo) => {
      guardBrowser(browser, workerInfo.project.use.baseURL);
      await use(browser);
    },
    { scope: 'worker' },
  ],
  context: async ({ context, baseURL }, use) => {
    await use(guardContext(context, baseURL));
  },
  page: async ({ page, baseURL }, use) => {
    guardRouting(page, baseURL);
    await use(page);
  },
  faults: async ({ context }, use) => {
    const faults = new Faults(context);
    await faults.start();
    await use(faults);
    await faults.clear();
  },
});

interface Options {
  /** The stored cookie choice; null leaves it unset so that the banner shows. */
  consent?: { statistics: boolean; media: boolean } | null;
}

/**
 * What Chromium says keeps the page's site from being installed (none: installable). A CDP session
 * could intercept the network, so the tests never open one but here, for this one read-only
 * question, and close it at once (route-scan.ts allows it in this function only).
 */
export async function installabilityErrors(page: Page): Promise<{ errorId: string }[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    return installabilityErrors;
  } finally {
    await cdp.detach();
  }
}

export async function prepare(page: Page, options: Options = {}): Promise<void> {
  const { consent = { statistics: false, media: false } } = options;
  if (consent) {
    await page.addInitScript((value) => {
      if (!window.localStorage.getItem('cookieConsent')) {
        window.localStorage.setItem('cookieConsent', JSON.stringify(value));
      }
    }, consent);
  }
  // The external player never loads for real in tests.
  await page.route('https://www.dailymotion.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
  );
}
