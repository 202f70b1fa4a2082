// The home page on the seed content, as a visitor meets it.
import { expect, prepare, test } from './support';

test.beforeEach(async ({ page }) => {
  await prepare(page);
});

test('shows every section with its links and the app block', async ({ page }) => {
  await page.goto('/home');

  const masterclass = page.getByRole('region', { name: 'Masterclass' });
  await expect(masterclass.getByRole('link', { name: 'See all >' })).toHaveAttribute('href', '/masterclass');
  await expect(masterclass.getByRole('link', { name: /Why I play 1\.e4/ })).toHaveAttribute(
    'href',
    '/masterclass/chapter/1',
  );
  await expect(
    page
      .getByRole('region', { name: 'Develop your personal playing style' })
      .getByRole('link', { name: 'Discover all programs' }),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Lessons library' }).getByRole('link', { name: 'See all >' }),
  ).toHaveAttribute('href', '/lessons');
  const watch = page.getByRole('region', { name: 'Watch' });
  await expect(watch.getByRole('heading', { name: 'Documentaries' })).toBeVisible();
  await expect(watch.getByRole('heading', { name: 'Chess journeys' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'In the news' }).getByRole('link', { name: 'Discover all the news' }),
  ).toHaveAttribute('href', '/articles');
  const app = page.getByRole('region', { name: 'Get the app' });
  await expect(app.getByRole('link', { name: /App Store/ })).toHaveAttribute('href', /apps\.apple\.com/);
  await expect(app.getByRole('link', { name: /Google Play/ })).toHaveAttribute('href', /play\.google\.com/);
});

test('the slideshow moves to the next of its four images every 4 s', async ({ page }) => {
  await page.goto('/home');
  const slides = page.locator('.slideshow__slide');
  await expect(slides).toHaveCount(4);
  await expect(slides.nth(0)).toHaveAttribute('data-active', 'true');

  await expect(slides.nth(1)).toHaveAttribute('data-active', 'true', { timeout: 6000 });
});

test("Sign up opens the register overlay; a locked card opens the item's own page", async ({ page }) => {
  await page.goto('/home');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('dialog', { name: 'Sign up' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page
    .getByRole('region', { name: 'Lessons library' })
    .getByRole('link', { name: /\(Pro, locked\)/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/lessons\/\d+$/);
  await expect(page.getByRole('region', { name: 'Unlock this lesson' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a card leads to its page', async ({ page }) => {
  await page.goto('/home');
  await page.getByRole('region', { name: 'In the news' }).getByRole('link').nth(1).click();
  await expect(page).toHaveURL(/\/articles\/\d+$/);
  await expect(page.getByText(/Written by/)).toBeVisible();
});
