// Automated accessibility checks (axe: WCAG 2 A and AA, contrast included) on the main screens,
// and no sideways scrolling at the viewport's width.
import AxeBuilder from '@axe-core/playwright';
import { expect, prepare, test } from './support';

const screens = [
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
  '/legal/terms',
  '/search?q=philidor',
  '/404',
  '/login',
  '/onboarding',
  '/register/email',
  '/reset_password?token=x',
];

test.beforeEach(async ({ page }) => {
  // Reduced motion: the page fade is over at once, so contrast is measured on the final colours.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await prepare(page);
});

for (const path of screens) {
  test(`${path} has no WCAG A/AA violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');

    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();

    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    // Nothing wider than the screen (360 px phones included): no sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
}

test('the menu overlay has no violations', async ({ page }) => {
  await page.goto('/home');
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();

  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});
