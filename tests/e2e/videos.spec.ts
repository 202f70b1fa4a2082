// The video page, its related videos and its failure routes.
import { expect, prepare, test } from './support';

test('plays a free video after allowing media cookies, with related videos', async ({ page }) => {
  await prepare(page);
  await page.goto('/videos/1');

  await expect(page.getByRole('heading', { level: 1, name: 'Sixty-Four Squares' })).toBeVisible();
  await expect(page.getByText('The story of a village where everyone plays chess')).toBeVisible();
  await expect(page.locator('iframe')).toHaveCount(0);
  await page.getByRole('button', { name: 'Allow media cookies' }).click();
  await expect(page.locator('iframe')).toHaveAttribute('src', /embed\/video\/xt00upl/);

  const related = page.getByRole('region', { name: 'Related videos' });
  await related
    .getByRole('link', { name: /\(Pro, locked\)/ })
    .first()
    .click();
  await expect(page.getByRole('region', { name: 'Unlock this video' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a missing video goes to the 404 page; a locked one shows its own page', async ({ page }) => {
  await prepare(page);
  await page.goto('/videos/99');
  await expect(page).toHaveURL(/\/404$/);

  await page.goto('/videos/2');
  await expect(page).toHaveURL(/\/videos\/2$/);
  await expect(page.getByRole('link', { name: 'Log in' }).last()).toHaveAttribute(
    'href',
    '/login?redirect=%2Fvideos%2F2',
  );
});
