// Lists on phones: a screen holds several cards, each a tap target of at least 48 px; the home
// page's sideways rows show a whole first card and part of the next, with its lock in sight.
import type { Page } from '@playwright/test';
import { expect, prepare, test } from './support';

const PHONES = [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
];

/** How many cards of a list a screen holds, the first card at the top of the screen. */
async function cardsPerScreen(page: Page): Promise<number> {
  const cards = page.locator('main .card-grid:not([aria-hidden]) > li');
  await expect(cards.nth(5)).toBeVisible();
  await cards.first().evaluate((card) => window.scrollTo(0, card.getBoundingClientRect().top + window.scrollY));
  return page.evaluate(() => {
    const items = Array.from(document.querySelectorAll('main .card-grid:not([aria-hidden]) > li'));
    return items.reduce((sum, item) => {
      const box = item.getBoundingClientRect();
      const shown = Math.max(0, Math.min(box.bottom, window.innerHeight) - Math.max(box.top, 0));
      return sum + shown / box.height;
    }, 0);
  });
}

for (const phone of PHONES) {
  test.describe(`${phone.width}x${phone.height}`, () => {
    test.use({ viewport: phone });

    for (const path of ['/lessons', '/articles', '/programs']) {
      test(`${path} shows several cards a screen, each a full tap target`, async ({ page }) => {
        await prepare(page);
        await page.goto(path);

        expect(await cardsPerScreen(page)).toBeGreaterThan(3);
        const targets = page.locator('main .card-grid:not([aria-hidden]) > li > .content-card');
        for (let index = 0; index < 4; index += 1) {
          const box = (await targets.nth(index).boundingBox())!;
          expect(box.height).toBeGreaterThanOrEqual(48);
          expect(box.width).toBeGreaterThanOrEqual(48);
        }
      });
    }

    test('home rows show a whole first card, part of the next and its lock', async ({ page }) => {
      await prepare(page);
      await page.goto('/home');
      const rows = page.locator('main ul.card-row');
      await expect(rows.first()).toBeVisible();

      let locksSeen = 0;
      for (let index = 0; index < (await rows.count()); index += 1) {
        const items = rows.nth(index).locator(':scope > li');
        if ((await items.count()) < 2) continue;
        await rows.nth(index).scrollIntoViewIfNeeded();
        const [first, next] = [(await items.nth(0).boundingBox())!, (await items.nth(1).boundingBox())!];
        expect(first.x).toBeGreaterThanOrEqual(0);
        expect(first.x + first.width).toBeLessThanOrEqual(phone.width);
        expect(next.x).toBeLessThan(phone.width - 48);
        expect(next.x + next.width).toBeGreaterThan(phone.width);
        for (const item of [items.nth(0), items.nth(1)]) {
          const lock = item.locator('.content-card__lock');
          if ((await lock.count()) === 0) continue;
          const box = (await lock.boundingBox())!;
          // Whole, on the screen.
          expect(box.x).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width).toBeLessThanOrEqual(phone.width);
          locksSeen += 1;
        }
      }
      expect(locksSeen).toBeGreaterThan(0);
    });
  });
}
