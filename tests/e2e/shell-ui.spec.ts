// The shell: menu, overlays, cookie banner, newsletter, embedded views and page changes.
import { expect, test } from '@playwright/test';
import { prepare } from './support';

test('the menu leads to the sections and offers Log in and the member promo', async ({ page }) => {
  await prepare(page);
  await page.goto('/home');
  await page.getByRole('button', { name: 'Menu' }).click();

  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('heading', { name: 'Become a member' })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Log in' })).toBeVisible();
  await menu.getByRole('link', { name: 'Chess programs' }).click();

  await expect(page).toHaveURL(/\/programs$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('?open=register opens its overlay; focus stays inside and Escape closes it', async ({ page }) => {
  await prepare(page);
  await page.goto('/?open=register');

  const dialog = page.getByRole('dialog', { name: 'Sign up' });
  await expect(dialog).toBeVisible();
  for (let i = 0; i < 8; i += 1) {
    await page.keyboard.press('Tab');
    await expect(dialog.locator(':focus')).toHaveCount(1);
  }
  await dialog.getByRole('button', { name: 'privacy policy' }).click();
  await expect(page.getByRole('dialog', { name: 'Privacy policy' })).toContainText('16');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the cookie banner shows after a second; accepting stores both choices and reloads', async ({ page }) => {
  await prepare(page, { consent: null });
  await page.goto('/home');
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  await expect(banner).toContainText('We use cookies on this website to enhance your experience');

  const reloaded = page.waitForEvent('load');
  await banner.getByRole('button', { name: 'Yes, I accept' }).click();
  await reloaded;

  await expect(page.getByRole('heading', { name: 'Learn from the best' })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('cookieConsent'))).toBe('{"statistics":true,"media":true}');
  await page.waitForTimeout(1200);
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
});

test('No, thanks hides the banner without a reload', async ({ page }) => {
  await prepare(page, { consent: null });
  await page.goto('/home');
  await page.getByRole('button', { name: 'No, thanks' }).click();

  await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
  expect(await page.evaluate(() => window.localStorage.getItem('cookieConsent'))).toBe('{"statistics":false,"media":false}');
});

test('the newsletter validates under the field and thanks the subscriber', async ({ page }) => {
  const prepared = await prepare(page);
  await page.goto('/home');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText('Want to get updates on chess content, event and features?')).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Instagram' })).toHaveAttribute('href', 'https://www.instagram.com/example');

  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(footer.getByText('This field is required.')).toHaveCSS('color', 'rgb(198, 40, 40)');
  await footer.getByLabel('E-mail').fill('ada@');
  await expect(footer.getByText('Email format is invalid.')).toBeVisible();
  await footer.getByLabel('E-mail').fill('ada@example.com');
  await footer.getByRole('button', { name: 'Subscribe' }).click();

  await expect(footer.getByText('Thank you for subscribing !')).toBeVisible();
  expect(prepared.subscribeBodies).toEqual([{ email: 'ada@example.com' }]);
});

test('a failed subscription shows the newsletter toast', async ({ page }) => {
  await prepare(page, { subscribeStatus: 500 });
  await page.goto('/home');
  const footer = page.getByRole('contentinfo');
  await footer.getByLabel('E-mail').fill('ada@example.com');
  await footer.getByRole('button', { name: 'Subscribe' }).click();

  await expect(page.getByText('Something went wrong with your newsletter subscription.')).toBeVisible();
  await expect(page.getByText('Something went wrong with your newsletter subscription.')).toHaveCount(0, { timeout: 5000 });
});

test('an already subscribed visitor sees the thank-you view', async ({ page }) => {
  await prepare(page, { subscribed: true });
  await page.goto('/home');
  await expect(page.getByRole('contentinfo').getByText('Thank you for subscribing !')).toBeVisible();
});

test('an embedded view hides header and footer and sends its token', async ({ page }) => {
  await prepare(page);
  const authorizations: string[] = [];
  await page.route('**/cms/hubs/home', async (route) => {
    authorizations.push(route.request().headers().authorization ?? '');
    const headers = { ...route.request().headers() };
    delete headers.authorization;
    await route.continue({ headers });
  });
  await page.route('**/users/profile', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '{"data":{"data":{"id":1,"user_tier":"free"}}}' }),
  );
  await page.goto('/home?embedded=true&token=app-token');

  await expect(page.getByRole('heading', { name: 'Learn from the best' })).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect.poll(() => authorizations[0]).toBe('Bearer app-token');
});

test('every page starts at the top with its own title', async ({ page }) => {
  await prepare(page);
  await page.goto('/home');
  await page.mouse.wheel(0, 3000);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Disclaimer' }).click();

  await expect(page).toHaveURL(/\/legal\/disclaimer$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page).toHaveTitle('Disclaimer');
  await page.goto('/lessons');
  await expect(page).toHaveTitle('Chess lessons by master players');
});
