// A lesson's Practise board does not wait for the video host: with the host unreachable (only
// its absolute address is stubbed, never the BFF), the board is visible within a second of the
// page's network going idle. The page used to show the server's first screen until its 4 s
// timeout, because the app's player frame had no poster picture to match the server's.
import { expect, prepare, test } from './support';

const LESSON = 62;
const CHAPTER = 2;

for (const failure of ['connectionrefused', 'namenotresolved'] as const) {
  test(`the board shows within 1 s of network idle when the video host fails (${failure})`, async ({ page }) => {
    await prepare(page, { consent: { statistics: false, media: true } });
    let asked = false;
    await page.route('https://www.dailymotion.com/**', (route) => {
      asked = true;
      return route.abort(failure);
    });
    await page.goto(`/lessons/${LESSON}?chapter=${CHAPTER}`, { waitUntil: 'networkidle' });
    const idle = Date.now();
    const board = page.locator('.learning-area').getByRole('application', { name: /Chess board/ });
    await expect(board).toBeVisible({ timeout: 1000 });
    expect(Date.now() - idle).toBeLessThan(1000);
    // The player was asked for (and failed): the board did not wait for it.
    expect(asked).toBe(true);
    await expect(page.locator('#first-screen')).toHaveCount(0);
  });
}
