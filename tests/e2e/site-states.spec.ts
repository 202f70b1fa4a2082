// The site as a person meets it when the BFF fails or has nothing to show: one request and one
// toast per failed load, error states with Retry, empty states with Reset.
import { expect, prepare, test } from './support';

test.beforeEach(async ({ page }) => {
  await prepare(page);
});

const FAILED_LOADS = [
  { page: '/home', path: '/cms/hubs/home', message: 'Something went wrong fetching this page data.' },
  {
    page: '/articles/1',
    path: '/cms/articles/1',
    message: "That's a blunder, we could not load this article. Please try again.",
  },
  { page: '/lessons', path: '/cms/lessons', message: 'Something went wrong fetching lessons.' },
  { page: '/programs', path: '/cms/programs', message: 'Something went wrong fetching programs.' },
];

for (const failed of FAILED_LOADS) {
  test(`a failed load of ${failed.page} sends one request and shows one toast`, async ({ page, faults }) => {
    await faults.add({ method: 'GET', path: failed.path, status: 500 });
    let requests = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === failed.path) requests += 1;
    });

    await page.goto(failed.page);

    await expect(page.locator('.toast')).toHaveCount(1);
    await expect(page.locator('.toast')).toContainText(failed.message);
    // Long enough for a second request or toast to show up, shorter than the toast's life.
    await page.waitForTimeout(1500);
    await expect(page.locator('.toast')).toHaveCount(1);
    expect(requests).toBe(1);
  });
}

test('an unknown article goes to the 404 page; an article opens by its slug', async ({ page }) => {
  await page.goto('/articles/no-such-article');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText('404 ERROR')).toBeVisible();
  await expect(page.locator('.toast')).toHaveCount(0);

  await page.goto('/articles/999999');
  await expect(page).toHaveURL(/\/404$/);

  await page.goto('/articles/why-you-should-study-endgames-first');
  await expect(page.getByRole('heading', { level: 1, name: 'Why you should study endgames first' })).toBeVisible();
  await expect(page.getByText(/Written by/)).toBeVisible();
});

test('lessons filters that match nothing say so, and Reset brings the lessons back', async ({ page }) => {
  await page.goto('/lessons');
  await expect(page.getByText(/^\d+ Lessons$/)).toBeVisible();
  await page.getByRole('button', { name: 'Filter' }).click();
  await page.getByRole('button', { name: 'Themes' }).click();
  await page.getByRole('button', { name: 'Openings' }).click();
  await page.getByRole('button', { name: 'Teachers' }).click();
  await page.getByRole('button', { name: 'Lucien Farrow' }).click();
  await page.getByRole('button', { name: 'View results' }).click();

  await expect(page.getByText('No lessons match these filters')).toBeVisible();
  await expect(page.getByText('0 Lessons')).toHaveCount(0);
  await page.getByRole('button', { name: 'Reset' }).click();

  await expect(page.getByText(/^\d+ Lessons$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Filter', exact: true })).toBeVisible();
});

test('programs filters that match nothing say so, and Reset brings the programs back', async ({ page }) => {
  await page.goto('/programs');
  const cards = page.locator('main .card-grid > li');
  await expect(cards).toHaveCount(8);
  await page.getByRole('button', { name: 'Filter' }).click();
  await page.getByRole('button', { name: 'Topic' }).click();
  await page.getByRole('button', { name: 'Opening Repertoire' }).click();
  await page.getByRole('button', { name: 'Level' }).click();
  await page.getByRole('button', { name: 'Beginner - 800' }).click();
  await page.getByRole('button', { name: 'View results' }).click();

  await expect(page.getByText('No programs match these filters')).toBeVisible();
  await page.getByRole('button', { name: 'Reset' }).click();

  await expect(cards).toHaveCount(8);
});

for (const list of [
  { page: '/lessons', path: '/cms/lessons', message: 'Something went wrong fetching lessons.' },
  { page: '/programs', path: '/cms/programs', message: 'Something went wrong fetching programs.' },
  { page: '/articles', path: '/cms/articles', message: "That's a blunder, we could not load the articles." },
]) {
  test(`a failed ${list.page} list shows an error state, and Retry loads it`, async ({ page, faults }) => {
    await faults.add({ method: 'GET', path: list.path, status: 500, times: 1 });

    await page.goto(list.page);

    await expect(page.getByRole('alert')).toContainText(list.message);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.locator('main .card-grid > li').first()).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
}

test('a loading list shows skeleton cards the size of the cards that replace them', async ({ page, faults }) => {
  await faults.add({ method: 'GET', path: '/cms/lessons', delay: 2, times: 1 });
  // A sort in the address: the cards are the app's to choose (the plain list's first cards are in
  // the page's HTML, tests/e2e/first-screen.spec.ts).
  await page.goto('/lessons?sort=created_at');

  const skeleton = page.locator('.content-card--skeleton').first();
  await expect(skeleton).toBeVisible();
  await expect(page.locator('.page-loader__spinner')).toHaveCount(0);
  const shape = await skeleton.locator('.content-card__media').boundingBox();
  const slot = await page.locator('.skeleton-cards li').first().boundingBox();

  const card = page.locator('main .card-grid > li').first();
  await expect(card.locator('.content-card__title')).toBeVisible({ timeout: 10_000 });
  await expect(page.locator('.content-card--skeleton')).toHaveCount(0);
  const media = await card.locator('.content-card__media').boundingBox();
  const cardSlot = await card.boundingBox();
  expect(media!.width).toBeCloseTo(shape!.width, 0);
  expect(media!.height).toBeCloseTo(shape!.height, 0);
  expect(cardSlot!.y).toBeCloseTo(slot!.y, 0);
});

test('skeletons shimmer only for people who have not asked for less motion', async ({ page, faults }) => {
  await faults.add({ method: 'GET', path: '/cms/hubs/home', delay: 3, times: 2 });
  await page.goto('/home');
  // The first one shown: home's first screen also holds a member's skeletons, hidden for a guest.
  const skeleton = page.locator('.skeleton:visible').first();
  await expect(skeleton).toBeVisible();
  expect(await skeleton.evaluate((node) => getComputedStyle(node).animationName)).toBe('skeleton-shimmer');

  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await skeleton.evaluate((node) => getComputedStyle(node).animationName)).toBe('none');
});

test('lessons keep their filter, sort and pages in the address: reload, Back and a shared link', async ({
  page,
  browser,
}) => {
  const cards = page.locator('main .card-grid > li');
  await page.goto('/lessons');
  await expect(cards).toHaveCount(24);

  await page.getByRole('button', { name: 'Sort' }).click();
  await page.getByRole('button', { name: 'Release date' }).click();
  await expect(page).toHaveURL(/\/lessons\?sort=created_at$/);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(cards).toHaveCount(48);
  await expect(page).toHaveURL(/\/lessons\?sort=created_at&pages=2$/);
  await page.getByRole('button', { name: 'Filter' }).click();
  await page.getByRole('button', { name: 'Themes' }).click();
  await page.getByRole('button', { name: 'Endgames' }).click();
  await page.getByRole('button', { name: 'View results' }).click();
  await expect(page).toHaveURL(/\/lessons\?lesson_category=4&sort=created_at$/);
  const filtered = await cards.allTextContents();

  await page.reload();
  await expect(page.getByRole('button', { name: 'Filter (1)' })).toBeVisible();
  await expect(cards).toHaveCount(filtered.length);
  expect(await cards.allTextContents()).toEqual(filtered);

  await page.goBack();
  await expect(page).toHaveURL(/\/lessons\?sort=created_at&pages=2$/);
  await expect(page.getByRole('button', { name: 'Filter', exact: true })).toBeVisible();
  await expect(cards).toHaveCount(48);

  const shown = await cards.allTextContents();
  const other = await browser.newPage();
  await other.goto(page.url());
  const shared = other.locator('main .card-grid > li');
  await expect(shared).toHaveCount(48);
  expect(await shared.allTextContents()).toEqual(shown);
  await other.close();
});

test('programs keep their filter in the address', async ({ page }) => {
  await page.goto('/programs?level=4');
  await expect(page.getByRole('button', { name: 'Filter (1)' })).toBeVisible();
  await expect(page.locator('main .card-grid > li').first()).toBeVisible();

  await page.getByRole('button', { name: 'Filter (1)' }).click();
  await page.getByRole('button', { name: 'Reset' }).click();
  await page.getByRole('button', { name: 'View results' }).click();
  await expect(page).toHaveURL(/\/programs$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/programs\?level=4$/);
  await expect(page.getByRole('button', { name: 'Filter (1)' })).toBeVisible();
});
