// Search against the real BFF and its index of the seed: results as you type, grouped by kind,
// the words in the address (reload and Back bring them back), the keyboard, and the empty and
// failed states (a failure is a fault of the real BFF scoped to the test).
import { expect, prepare, test } from './support';

test.beforeEach(async ({ page }) => {
  await prepare(page);
});

test('the header opens search; results come as you type, grouped, and open with Enter, and Back returns to them', async ({
  page,
}) => {
  await page.goto('/home');
  await page.getByRole('banner').getByRole('link', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/search$/);

  const field = page.getByRole('searchbox', { name: 'Search lessons, programs, articles and videos' });
  await expect(field).toBeFocused();
  await field.pressSequentially('Philid');
  await expect(page).toHaveURL(/\/search\?q=Philid$/);

  const lessons = page.getByRole('region', { name: 'Lessons' });
  await expect(lessons.getByRole('link').first()).toContainText('The Philidor defence');
  await expect(page.getByRole('region', { name: 'Programs' })).toBeVisible();

  await field.press('ArrowDown');
  await expect(lessons.getByRole('link').first()).toBeFocused();
  await page.keyboard.press('Enter');
  // A Pro lesson: a guest sees its own page, with what unlocks it.
  await expect(page).toHaveURL(/\/lessons\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: /The Philidor defence/ })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\/search\?q=Philid$/);
  await expect(page.getByRole('searchbox')).toHaveValue('Philid');
  await expect(page.getByRole('region', { name: 'Lessons' }).getByRole('link').first()).toContainText(
    'The Philidor defence',
  );
});

test('a reload keeps the search; typos and accents are forgiven', async ({ page }) => {
  await page.goto('/search?q=Carv%C3%A1lho');
  await expect(page.getByRole('searchbox')).toHaveValue('Carválho');
  await expect(page.getByRole('region', { name: 'Lessons' }).getByText('Ines Carvalho').first()).toBeVisible();

  await page.getByRole('searchbox').fill('phildor');
  await expect(page.getByRole('link', { name: /The Philidor defence/ })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('searchbox')).toHaveValue('phildor');
  await expect(page.getByRole('link', { name: /The Philidor defence/ })).toBeVisible();
});

test('says when nothing matches', async ({ page }) => {
  await page.goto('/search?q=xylophonic');
  await expect(page.getByText('No results for “xylophonic”')).toBeVisible();
});

test('a failed search shows Retry, and Retry searches again', async ({ page, faults }) => {
  await faults.add({ method: 'GET', path: '/cms/search', status: 503, times: 1 });
  await page.goto('/search?q=endgame');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('link', { name: /endgame/i }).first()).toBeVisible();
});
