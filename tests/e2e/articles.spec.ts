// Articles: the list with Load more, and an article rendered from its markdown. That raw HTML in
// an article shows as text and never runs is the client's test (articles.test.tsx), with content of
// its own: the seed holds only real articles.
import { expect, prepare, test } from './support';

test.beforeEach(async ({ page }) => {
  await prepare(page);
});

test('lists 8 articles a page and Load more appends the next 8', async ({ page }) => {
  await page.goto('/articles');
  await expect(page.getByRole('heading', { level: 1, name: 'Last articles' })).toBeVisible();
  const cards = page.locator('main .card-grid > li');
  await expect(cards).toHaveCount(8);
  await expect(cards.first()).toContainText('min read');

  await page.getByRole('button', { name: 'Load more' }).click();

  await expect(cards).toHaveCount(16);
});

test('renders an article: byline, lede, markdown and author block', async ({ page }) => {
  await page.goto('/articles/1');

  await expect(
    page.getByRole('heading', { level: 1, name: 'Five opening mistakes that cost club players points' }),
  ).toBeVisible();
  await expect(page.getByText(/Written by Nora Castell/)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Three opening principles' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'lessons library' })).toHaveAttribute('href', '/lessons');
  await expect(page.getByRole('complementary', { name: 'About the author' })).toContainText('Chess journalist');
  await expect(page).toHaveTitle('Five opening mistakes that cost club players points');
});
