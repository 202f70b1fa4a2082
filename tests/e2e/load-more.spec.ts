// Load more on the lessons, articles and programs lists: while the next page is on its way (held
// by the real BFF for this test), grey cards stand below the cards already shown, then the new
// cards take their place.
import { expect, prepare, test } from './support';

const LISTS = [
  { path: '/lessons', api: '/cms/lessons', first: 24, label: 'Loading more lessons…' },
  { path: '/articles', api: '/cms/articles', first: 8, label: 'Loading more articles…' },
  { path: '/programs', api: '/cms/programs', first: 8, label: 'Loading more programs…' },
];

for (const list of LISTS) {
  test(`Load more on ${list.path} shows skeleton cards while the next page loads`, async ({ page, faults }) => {
    await prepare(page);
    await page.goto(list.path);
    const cards = page.locator('main .card-grid:not([aria-hidden]) > li');
    await expect(cards).toHaveCount(list.first);

    // Held 3 s: long enough for the checks below on a busy host (2 s ran out before the last of
    // them), short of the client's 5 s timeout.
    await faults.add({ method: 'GET', path: list.api, delay: 3, times: 1 });
    await page.getByRole('button', { name: 'Load more' }).click();

    const loading = page.getByRole('status').filter({ hasText: list.label });
    await expect(loading).toBeVisible();
    const skeletons = loading.locator('.content-card--skeleton');
    await expect(skeletons.first()).toBeVisible();
    // Under the cards already there, measured at once while the page is on its way.
    const [skeletonBox, lastCard] = await Promise.all([skeletons.first().boundingBox(), cards.last().boundingBox()]);
    expect(skeletonBox!.y).toBeGreaterThan(lastCard!.y);
    await expect(cards).toHaveCount(list.first);
    await expect(page.locator('.page-loader__spinner')).toHaveCount(0);

    await expect(loading).toHaveCount(0, { timeout: 15_000 });
    expect(await cards.count()).toBeGreaterThan(list.first);
  });
}
