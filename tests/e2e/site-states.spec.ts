// The site as a person meets it when the BFF fails or has nothing to show: one request and one
// toast per failed load, error states with Retry, empty states with Reset.
import { expect, prepare, test } from './support';

test.beforeEach(async ({ page }) => {
  await prepare(page);
});

const FAILED_LOADS = [
  { page: '/home', path: '/cms/hubs/home', message: 'Something went wrong fetching this page data.' },
  { page: '/articles/1', path: '/cms/articles/1', message: "That's a blunder, we could not load this article. Please try again." },
  { page: '/lessons', path: '/cms/lessons', message: 'Something went wrong. Please try again later.' },
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
