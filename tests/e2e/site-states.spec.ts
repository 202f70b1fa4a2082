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
