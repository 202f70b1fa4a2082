// The masterclass landing and an episode.
import { expect, prepare, test } from './support';

test.beforeEach(async ({ page }) => {
  await prepare(page);
});

test('the landing lists chapters with episode counts and the unlock button', async ({ page }) => {
  await page.goto('/masterclass');

  await expect(page).toHaveTitle('Masterclass: Learn with the world champion');
  await expect(page.getByRole('heading', { level: 1, name: 'Learn chess with a world champion' })).toBeVisible();
  const chapter = page.locator('section', { has: page.getByRole('heading', { name: 'Opening philosophy' }) });
  await expect(chapter.getByText('5 episodes')).toBeVisible();
  await page.getByRole('button', { name: 'Unlock the full masterclass for $79.99' }).click();
  await expect(page.getByRole('dialog', { name: 'Become a member' })).toBeVisible();
});

test('an episode shows its number in the chapter and the other episodes', async ({ page }) => {
  await page.goto('/masterclass');
  await page.getByRole('link', { name: /Why I play 1\.e4/ }).click();

  await expect(page).toHaveURL(/\/masterclass\/chapter\/1$/);
  await expect(page.getByText('Episode 1', { exact: true })).toBeVisible();
  const others = page.getByRole('region', { name: 'Other episodes' });
  await expect(others.getByText('4 episodes')).toBeVisible();
  await expect(others.getByRole('link', { name: /\(Pro, locked\)/ })).toHaveCount(4);
});
