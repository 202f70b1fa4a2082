// The first screen is in the HTML (bff/pages/first_screen.py): the header and the page's heading,
// text and picture are there before any script runs, and the app takes their place without a
// layout shift (client/src/app/first-screen.ts).
import { createMember, signIn } from './members';
import { expect, prepare, test } from './support';

const LESSON = { path: '/lessons/7', title: 'Active rooks in the endgame' };

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const path of [
    '/home',
    '/lessons',
    LESSON.path,
    '/programs',
    '/program/42',
    '/program-chapter/241',
    '/articles',
    '/articles/1',
    '/puzzles',
    '/puzzles/daily',
  ]) {
    test(`${path} shows its header and heading`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('link', { name: 'Chess learning, home' })).toBeVisible();
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toHaveCount(1);
      await expect(heading).toBeVisible();
      expect((await heading.textContent())?.trim()).not.toBe('');
    });
  }

  for (const path of ['/lessons', '/programs', '/articles']) {
    test(`${path} shows its first cards with their pictures drawn`, async ({ page }) => {
      await page.goto(path);
      const cards = page.locator('#first-screen .card-grid > li > a.content-card');
      await expect(cards).toHaveCount(4);
      await expect(cards.first().getByRole('heading', { level: 2 })).toBeVisible();
      const picture = cards.first().locator('img.content-card__image');
      await expect(picture).toHaveAttribute('fetchpriority', 'high');
      await expect
        .poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
        .toBe(true);
      await expect(page.locator('#first-screen .skeleton')).toHaveCount(0);
    });
  }

  test("a lesson's title, text and picture are drawn", async ({ page }) => {
    await page.goto(LESSON.path);
    await expect(page.getByRole('heading', { level: 1, name: LESSON.title })).toBeVisible();
    await expect(page.locator('.lesson__meta')).toContainText('min');
    const poster = page.locator('#first-screen .player__poster');
    await expect(poster).toBeVisible();
    expect(await poster.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  });
});

for (const { path, title, appOnly } of [
  // The lesson tab's heading and the chapter's board come with the app only.
  { ...LESSON, appOnly: { role: 'heading', name: 'Lessons' } as const },
  {
    path: '/program-chapter/241',
    title: 'First moves and ideas: part 1',
    appOnly: { role: 'button', name: /Key positions/ } as const,
  },
  // The lists: their first cards are the server's, the rest and Load more the app's.
  { path: '/lessons', title: 'Lessons', appOnly: { role: 'button', name: 'Load more' } as const },
  { path: '/programs', title: /programs/, appOnly: { role: 'button', name: 'Load more' } as const },
  { path: '/articles', title: 'Last articles', appOnly: { role: 'button', name: 'Load more' } as const },
  // The puzzle pages: the board comes into its place, kept from the first paint.
  { path: '/puzzles', title: 'Puzzles', appOnly: { role: 'button', name: 'Flip board' } as const },
  { path: '/puzzles/daily', title: 'Daily puzzle', appOnly: { role: 'button', name: 'Flip board' } as const },
]) {
  test(`the app takes over ${path} without a layout shift`, async ({ page }) => {
    await prepare(page);
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(path);
    await expect(page.locator('#first-screen')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole(appOnly.role, { name: appOnly.name }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
    expect(shifts.reduce((sum, value) => sum + value, 0)).toBe(0);
  });
}

test("a tap on the first screen's menu before the app takes over opens the app's menu", async ({ page, faults }) => {
  await prepare(page);
  // The home page's content is slow to come: the app is still behind the first screen.
  await faults.add({ method: 'GET', path: '/cms/hubs/home', delay: 3 });
  // The tap comes as soon as the app's code watches the first screen, before it takes over.
  await page.goto('/home', { waitUntil: 'commit' });
  await page.locator('#first-screen[data-app="starting"]').waitFor({ state: 'attached' });
  await page.locator('#first-screen .menu-button').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.locator('#first-screen')).toHaveCount(0);
});

test("a tap on the first screen's menu before the app's code has come opens the app's menu once it has", async ({
  page,
  faults,
}) => {
  await prepare(page);
  // The app's code is slow to come: the page stands as the server drew it, with no script of the
  // app's running, when the menu is tapped.
  const html = await (await page.request.get('/home')).text();
  const code = /<script[^>]* src="?(\/assets\/main\.[^"\s>]+)/.exec(html)?.[1] ?? '';
  expect(code).toMatch(/\.js$/);
  // Held 5 s, so that a busy host's slow tap still comes before it.
  await faults.add({ method: 'GET', path: code, delay: 5 });
  await page.goto('/home', { waitUntil: 'commit' });
  await page.locator('#first-screen .menu-button').click();
  // Read at once, not waited for: the app not started yet when the tap was taken.
  const app = await page.evaluate(() => {
    const firstScreen = document.querySelector('#first-screen');
    return firstScreen ? firstScreen.getAttribute('data-app') : 'gone';
  });
  expect(app).toBeNull();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('heading', { name: 'Become a member' })).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('#first-screen')).toHaveCount(0);
});

test("a tap on a list's first card before the app takes over goes to the app's card", async ({ page, faults }) => {
  await prepare(page);
  // The list is slow to come: the app is still behind the first screen when the card is tapped.
  await faults.add({ method: 'GET', path: '/cms/lessons', delay: 2 });
  await page.goto('/lessons', { waitUntil: 'commit' });
  await page.locator('#first-screen[data-app="starting"]').waitFor({ state: 'attached' });
  await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
  const card = page.locator('#first-screen a.content-card').first();
  const title = (await card.getByRole('heading', { level: 2 }).textContent())?.trim() ?? '';
  await card.click();
  await expect(page).toHaveURL(/\/lessons\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // The app's own card took the tap: the page was not loaded again.
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
});

test("a member signed in on this browser sees their own home's first screen, never the guest's hero", async ({
  page,
  faults,
}) => {
  await prepare(page);
  await signIn(page, await createMember(page.request));
  // The member's home is slow to come: the app stays behind the first screen meanwhile.
  await faults.add({ method: 'GET', path: '/cms/hubs/home', delay: 3 });
  await page.goto('/home', { waitUntil: 'commit' });
  const server = page.locator('#first-screen');
  await server.waitFor({ state: 'attached' });
  expect(await page.evaluate(() => document.documentElement.classList.contains('is-member'))).toBe(true);
  await expect(server.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  await expect(server.locator('.hero')).toBeHidden();
  await expect(server.getByRole('button', { name: 'Sign up' })).toBeHidden();
  // The header keeps the avatar's place, so that nothing in it moves when the app draws it.
  const box = (selector: string) => page.locator(selector).first().boundingBox();
  const before = {
    name: await box('#first-screen .site-name'),
    avatar: await box('#first-screen .site-header__account'),
  };
  expect(before.avatar).not.toBeNull();
  // The app's own home takes its place once loaded, the greeting first.
  await expect(server).toHaveCount(0, { timeout: 10_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Welcome back/);
  expect({ name: await box('.site-name'), avatar: await box('.site-header__account') }).toEqual(before);
});

test("a guest's first screen of home is the hero, without the member's", async ({ page, faults }) => {
  await prepare(page);
  await faults.add({ method: 'GET', path: '/cms/hubs/home', delay: 3 });
  await page.goto('/home', { waitUntil: 'commit' });
  const server = page.locator('#first-screen');
  await server.waitFor({ state: 'attached' });
  await expect(server.locator('.hero')).toBeVisible();
  await expect(server.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeHidden();
  // The page's styles win over the base styles in main.css as in a page's own chunk: the hero's
  // Sign up is white on the brand's colour, in the first screen and in the app.
  const white = 'rgb(255, 255, 255)';
  await expect(server.getByRole('button', { name: 'Sign up' })).toHaveCSS('background-color', white);
  await expect(server).toHaveCount(0, { timeout: 10_000 });
  await expect(page.locator('.hero').getByRole('button', { name: 'Sign up' })).toHaveCSS('background-color', white);
});
