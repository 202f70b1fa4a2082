// Lessons: count, filters, sort, paging, a lesson with its player, and the 403 route.
import { expect, prepare, test } from './support';

test('pages by 24, filters by theme and sorts', async ({ page }) => {
  await prepare(page);
  await page.goto('/lessons');

  await expect(page.getByText('65 Lessons')).toBeVisible();
  const cards = page.locator('main .card-grid > li');
  await expect(cards).toHaveCount(24);
  await expect(cards.first()).toContainText('Active rooks in the endgame');
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(cards).toHaveCount(48);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(cards).toHaveCount(65);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Filter' }).click();
  await page.getByRole('button', { name: 'Themes' }).click();
  await page.getByRole('button', { name: 'Endgames' }).click();
  await page.getByRole('button', { name: 'View results' }).click();
  await expect(page.getByText('11 Lessons')).toBeVisible();
  await expect(cards).toHaveCount(11);

  await page.getByRole('button', { name: 'Sort' }).click();
  await page.getByRole('button', { name: 'Availability - Free to Pro' }).click();
  await expect(page.getByRole('list', { name: 'Sort by' })).toHaveCount(0);
  await expect(cards.first().getByRole('link')).toBeVisible();

  await page.getByRole('button', { name: 'Sort' }).click();
  await page.getByRole('heading', { level: 1, name: 'Lessons' }).click();
  await expect(page.getByRole('list', { name: 'Sort by' })).toHaveCount(0);
});

test('a lesson plays its chapters once media cookies are allowed', async ({ page }) => {
  await prepare(page);
  await page.goto('/lessons/7');

  await expect(page.getByRole('heading', { level: 1, name: 'Active rooks in the endgame' })).toBeVisible();
  await expect(page).toHaveTitle('learn chess online - Active rooks in the endgame');
  await expect(page.getByRole('heading', { name: 'Lessons' })).toBeVisible();
  await page.getByRole('button', { name: 'Allow media cookies' }).click();
  await expect(page.locator('iframe')).toHaveAttribute(
    'src',
    /dailymotion\.com\/embed\/video\/xozz4l2\?autoplay=1&subtitles-default=en&ui-highlight=7446FF/,
  );

  const chapters = page.locator('.chapter-list__item');
  await chapters.nth(1).click();
  await expect(chapters.nth(1)).toHaveAttribute('aria-current', 'true');
  await expect(page.locator('iframe')).not.toHaveAttribute('src', /xozz4l2/);
  await expect(page.getByRole('region', { name: 'On the same topic' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'From the same teacher' })).toBeVisible();
});

test('a locked lesson shows a visitor its own page, with Log in coming back to it', async ({ page }) => {
  await prepare(page);
  await page.goto('/lessons/1');

  await expect(page.getByRole('heading', { level: 1, name: 'Counterattack in the centre' })).toBeVisible();
  await expect(page).toHaveURL(/\/lessons\/1$/);
  await expect(page.getByRole('link', { name: 'Log in' }).last()).toHaveAttribute(
    'href',
    '/login?redirect=%2Flessons%2F1',
  );
});

test('an unknown lesson goes to the 404 page', async ({ page }) => {
  await prepare(page);
  await page.goto('/lessons/999');
  await expect(page).toHaveURL(/\/404$/);
});
