// Page changes fade the page left out and the new one in, without holding anything back; people
// who ask for reduced motion get no fade at all.
import { expect, prepare, test } from './support';

test('the page left fades out above the new one, which is there and usable at once', async ({ page }) => {
  await prepare(page);
  await page.goto('/404');
  // The fade-out's code comes once the first page is shown.
  await page.waitForLoadState('networkidle');
  // Every copy that comes, as it comes: it lives half a second, however busy the machine.
  await page.evaluate(() => {
    const seen: { ariaHidden: string | null; pointerEvents: string; text: string }[] = [];
    Object.assign(window, { ghostsSeen: seen });
    new MutationObserver((records) => {
      for (const node of records.flatMap((record) => Array.from(record.addedNodes))) {
        if (node instanceof HTMLElement && node.classList.contains('page-ghost')) {
          seen.push({
            ariaHidden: node.getAttribute('aria-hidden'),
            pointerEvents: getComputedStyle(node).pointerEvents,
            text: node.textContent ?? '',
          });
        }
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  await page.getByRole('link', { name: 'Back to home' }).click();

  await expect(page).toHaveURL(/\/home$/);
  // The new page takes taps while the old one fades.
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  const seen = await page.evaluate(() => (window as unknown as { ghostsSeen: unknown[] }).ghostsSeen);
  // One copy, hidden from assistive technology, letting taps through; its text is out of reach of
  // the document's queries (a closed shadow root).
  expect(seen).toEqual([{ ariaHidden: 'true', pointerEvents: 'none', text: '' }]);
  await expect(page.getByText('404 ERROR')).toHaveCount(0);
  // Then the copy goes.
  await expect(page.locator('.page-ghost')).toHaveCount(0, { timeout: 3000 });
});

test.describe('with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('a page change has no fade at all', async ({ page }) => {
    await prepare(page);
    await page.goto('/404');
    await expect(page.locator('.page-fade')).toHaveCSS('animation-name', 'none');
    await page.getByRole('link', { name: 'Back to home' }).click();

    await expect(page).toHaveURL(/\/home$/);
    await expect(page.locator('.page-fade')).toHaveCSS('animation-name', 'none');
    await expect(page.locator('.page-fade')).toHaveCSS('opacity', '1');
    await expect(page.locator('.page-ghost')).toHaveCount(0);
  });
});
