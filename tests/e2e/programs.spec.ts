// Programs: list, filters, locked taps, a program and the chapter player.
import { createMember, signIn } from './members';
import { expect, prepare, test } from './support';

test('lists 8 programs a page, filters by level, and a locked one asks to log in', async ({ page }) => {
  await prepare(page);
  await page.goto('/programs');

  await expect(page.getByRole('heading', { level: 1, name: /more than 40 programs/ })).toBeVisible();
  await expect(page.getByRole('main').getByRole('button', { name: 'Subscribe' })).toBeVisible();
  const cards = page.locator('main .card-grid > li');
  await expect(cards).toHaveCount(8);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(cards).toHaveCount(16);

  await page.getByRole('button', { name: 'Filter' }).click();
  await page.getByRole('button', { name: 'Level' }).click();
  await page.getByRole('button', { name: 'Expert - 2000' }).click();
  await page.getByRole('button', { name: 'View results' }).click();
  await expect(page.getByRole('button', { name: 'Filter (1)' })).toBeVisible();
  await expect(cards.first()).toContainText('Expert - 2000');

  await page.getByRole('button', { name: /\(locked\)/ }).first().click();
  await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
});

test('a program shows what is inside, its chapters and a recommended program', async ({ page }) => {
  await prepare(page, { consent: { statistics: false, media: true } });
  await page.goto('/program/42');

  await expect(page.getByRole('heading', { level: 1, name: 'A solid repertoire against 1.d4' })).toBeVisible();
  await expect(page.getByRole('heading', { name: "What's inside ?" })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Program chapters (4)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recommended' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'View all' })).toHaveAttribute('href', '/programs');

  await expect(page.locator('iframe')).toHaveCount(0);
  await page.getByRole('button', { name: /^Play Welcome/ }).click();
  await expect(page.locator('iframe')).toHaveAttribute('src', /embed\/video\/xsd3wsd\?autoplay=1/);

  await page.getByRole('link', { name: /First moves and ideas/ }).click();
  await expect(page).toHaveURL(/\/program-chapter\/241$/);
});

test('the chapter player: playlist, Previous and Next for a member', async ({ page }) => {
  await prepare(page, { consent: { statistics: false, media: true } });
  await signIn(page, await createMember(page.request));
  await page.goto('/program-chapter/241');

  await expect(page.getByRole('heading', { level: 1, name: 'First moves and ideas: part 1' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'First moves and ideas: part 3' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();

  await page.getByRole('button', { name: 'Playlist' }).click();
  await page.getByRole('dialog', { name: 'Playlist' }).getByRole('button', { name: /part 2/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'First moves and ideas: part 2' })).toBeVisible();

  await page.getByRole('button', { name: 'Play First moves and ideas: part 2' }).click();
  await expect(page.locator('iframe')).toHaveAttribute('src', /embed\/video\/xfif6zp/);
});

test('a signed-in free member gets the upgrade prompt on a locked program', async ({ page }) => {
  await prepare(page);
  await signIn(page, await createMember(page.request));
  await page.goto('/programs');

  await expect(page.getByRole('main').getByRole('button', { name: 'Upgrade' })).toBeVisible();
  await page.getByRole('button', { name: /\(locked\)/ }).first().click();
  await expect(page.getByRole('dialog', { name: 'Choose your plan' })).toBeVisible();
});
