// An editor's preview: the signed link Strapi's Preview button opens starts a preview session in
// this browser, whose pages carry the 'Preview' band until it is left.
import { createHmac } from 'node:crypto';
import { expect, prepare, test } from './support';

const SECRET = process.env.CMS_PREVIEW_SECRET ?? 'e2e-preview-secret-of-32-bytes-or-more';

/** The link as cms-schema/src/site-preview.js signs it. */
function previewLink(path: string): string {
  const expires = Math.floor(Date.now() / 1000) + 600;
  const signature = createHmac('sha256', SECRET).update(`${path}\n${expires}`).digest('hex');
  return `/cms/preview?${new URLSearchParams({ path, expires: String(expires), signature })}`;
}

test.beforeEach(async ({ page }) => {
  await prepare(page);
});

test('a preview link opens the page with the Preview band, and Leave preview ends it', async ({ page }) => {
  await page.goto(previewLink('/lessons/5'));

  await expect(page).toHaveURL(/\/lessons\/5$/);
  const band = page.getByRole('complementary', { name: 'Preview' });
  await expect(band).toContainText('You see drafts');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await band.getByRole('link', { name: 'Leave preview' }).click();
  await expect(page).toHaveURL(/\/lessons\/5$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(band).toHaveCount(0);
});

test('a tampered preview link starts nothing', async ({ page }) => {
  const answer = await page.request.get(previewLink('/lessons/5').replace('lessons%2F5', 'lessons%2F6'), {
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(403);
  await page.goto('/lessons/5');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Preview' })).toHaveCount(0);
});
