// The installable app: Chromium's own installability check, offline reading of what was read
// online, the offline page for the rest, and no member's answer left in the caches at sign-out.
import type { Page } from '@playwright/test';
import { expect, installabilityErrors, prepare, test } from './support';
import { createMember, signIn } from './members';

test.use({ serviceWorkers: 'allow' });

/** Waits until the service worker controls the page (it claims open pages once installed). */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: 30_000 });
}

/** The addresses in a cache of the page's origin, each with whether its request carried a token. */
function cachedRequests(page: Page, cacheName: string) {
  return page.evaluate(async (name) => {
    if (!(await caches.has(name))) return [];
    const keys = await (await caches.open(name)).keys();
    return keys.map((request) => ({ url: request.url, member: request.headers.has('authorization') }));
  }, cacheName);
}

test('Chromium finds the site installable: a manifest with icons and a service worker', async ({
  playwright,
}, testInfo) => {
  // Chromium never offers to install from an incognito profile, which every new context is: this
  // check runs in a profile of its own.
  const { launchOptions, baseURL } = testInfo.project.use;
  const context = await playwright.chromium.launchPersistentContext(testInfo.outputPath('profile'), {
    ...launchOptions,
    baseURL,
    serviceWorkers: 'allow',
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await prepare(page);
    await page.goto('/home');
    await controlled(page);
    expect(await installabilityErrors(page)).toEqual([]);

    const manifest = (await (await page.request.get('/site.webmanifest')).json()) as {
      display: string;
      start_url: string;
      theme_color: string;
      icons: { purpose?: string }[];
    };
    expect(manifest).toMatchObject({ display: 'standalone', start_url: '/home' });
    expect(manifest.theme_color.toLowerCase()).toBe('#7446ff');
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
    const worker = await page.request.get('/sw.js');
    expect(worker.headers()['cache-control']).toContain('no-cache');
  } finally {
    await context.close();
  }
});

test('an article read online opens offline; a page never opened shows the offline page', async ({ page, context }) => {
  await prepare(page);
  await page.goto('/articles');
  await controlled(page);
  const href = await page.locator('main a[href^="/articles/"]').first().getAttribute('href');
  expect(href).toBeTruthy();
  await page.goto(href!);
  const title = page.locator('main h1');
  await expect(title).not.toBeEmpty();
  const text = (await title.textContent()) ?? '';
  await expect(page.locator('main article p').first()).toBeVisible();

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.locator('main h1')).toHaveText(text);
    await expect(page.locator('main article p').first()).toBeVisible();

    await page.goto('/programs');
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
    const again = page.getByRole('link', { name: 'Try again' });
    await expect(again).toHaveAttribute('href', '/home');
    // Its look comes with it, under the site's Content-Security-Policy: the brand's button.
    await expect(again).toHaveCSS('background-color', 'rgb(90, 45, 224)');
  } finally {
    await context.setOffline(false);
  }
});

test("signing out leaves no member's answer in the caches", async ({ page, request }) => {
  const member = await createMember(request);
  await prepare(page);
  await signIn(page, member);
  await page.goto('/home');
  await controlled(page);
  await page.goto('/lessons');
  await expect(page.locator('main .content-card').first()).toBeVisible();
  await expect.poll(async () => (await cachedRequests(page, 'content')).some((cached) => cached.member)).toBe(true);
  // Signed out from another page, so that the lessons' answers are not simply asked for again.
  await page.goto('/programs');
  await expect(page.locator('main .content-card').first()).toBeVisible();

  await page.getByRole('button', { name: 'Menu' }).click();
  const reloaded = page.waitForEvent('load');
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Log out' }).click();
  await reloaded;
  await expect(page.locator('main .content-card').first()).toBeVisible();
  expect((await cachedRequests(page, 'content')).filter((cached) => cached.member)).toEqual([]);
});
