// The narrowest phone the site supports: 360 px wide, every screen without sideways scrolling.
import { expect, prepare, test } from './support';

test.use({ viewport: { width: 360, height: 740 } });

for (const path of [
  '/home',
  '/articles',
  '/articles/1',
  '/lessons',
  '/lessons/7',
  '/masterclass',
  '/masterclass/chapter/1',
  '/videos/1',
  '/programs',
  '/program/42',
  '/program-chapter/241',
  '/grand-chess-tour',
  '/legal/privacy',
  '/404',
]) {
  test(`${path} fits 360 px`, async ({ page }) => {
    await prepare(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
}

test("the register title keeps its way of signing up whole: 'E-mail' never breaks after its hyphen", async ({
  page,
}) => {
  await prepare(page);
  await page.goto('/register/email');
  const way = page.getByRole('heading', { level: 1, name: 'Register with E-mail' }).locator('span');
  await expect(way).toHaveText('E-mail');
  // One line box: a word broken over two lines has two client rects.
  expect(await way.evaluate((element) => element.getClientRects().length)).toBe(1);
});
