// The API documentation app developers read: Swagger UI served by the BFF itself.
import { expect, test } from './support';

test('/api/docs lists the health route', async ({ page }) => {
  await page.goto('/api/docs');

  await expect(page.getByText('Chess learning BFF')).toBeVisible();
  await expect(page.locator('.opblock-summary-path', { hasText: '/healthz' })).toBeVisible();
});
