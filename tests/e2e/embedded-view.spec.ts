// The apps' embedded view (docs/embedded-view.md): the app's member and cookie choice come in the
// address; the view never shows the cookie banner or the media-consent prompt.
import type { APIRequestContext } from '@playwright/test';
import { createMember } from './members';
import { expect, prepare, test } from './support';

/** The app signs its member in and gets the access token it opens the view with. */
async function appToken(request: APIRequestContext): Promise<string> {
  const member = await createMember(request);
  const login = await request.post('/users/login', {
    data: { username: member.email, password: member.password, platform: 'ios' },
  });
  expect(login.status(), await login.text()).toBe(200);
  return ((await login.json()) as { data: { access: string } }).data.access;
}

test('without a consent parameter: no banner, no media prompt, a notice for the app; nothing stored', async ({
  page,
  request,
}) => {
  const token = await appToken(request);
  await prepare(page, { consent: null });
  await page.goto(`/videos/1?embedded=true&token=${token}`);

  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(
    page.getByText("Videos play once media cookies are allowed in the app's privacy settings."),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Allow media cookies' })).toHaveCount(0);
  await expect(page.locator('iframe')).toHaveCount(0);
  // Well past the banner's delay.
  await page.waitForTimeout(1500);
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
  expect(await page.evaluate(() => window.localStorage.getItem('cookieConsent'))).toBeNull();
});

test('consent=media plays videos at once, for that page view only', async ({ page, request }) => {
  const token = await appToken(request);
  await prepare(page, { consent: null });
  await page.goto(`/videos/1?embedded=true&token=${token}&consent=media`);

  await expect(page.locator('iframe')).toHaveAttribute('src', /embed\/video\/xt00upl/);
  await page.waitForTimeout(1500);
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
  expect(await page.evaluate(() => window.localStorage.getItem('cookieConsent'))).toBeNull();

  // The same browser outside the view: the site's own banner asks, nothing was carried over.
  await page.goto('/videos/1');
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Allow media cookies' })).toBeVisible();
});
