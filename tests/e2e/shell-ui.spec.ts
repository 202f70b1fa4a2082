// The shell: menu, overlays, cookie banner, newsletter, embedded views and page changes.
import { randomBytes } from 'node:crypto';
import { createMember, newMember, signIn } from './members';
import { expect, prepare, test } from './support';

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

test('the menu leads to the Masterclass and the Grand Chess Tour', async ({ page }) => {
  await prepare(page);
  await page.goto('/home');
  const menuLink = async (name: string) => {
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name }).click();
  };

  await menuLink('Masterclass');
  await expect(page).toHaveURL(/\/masterclass$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await menuLink('Grand Chess Tour');
  await expect(page).toHaveURL(/\/grand-chess-tour$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
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
  expect(await page.evaluate(() => window.localStorage.getItem('cookieConsent'))).toBe(
    '{"statistics":true,"media":true}',
  );
  await page.waitForTimeout(1200);
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
});

test('No, thanks hides the banner without a reload', async ({ page }) => {
  await prepare(page, { consent: null });
  await page.goto('/home');
  await page.getByRole('button', { name: 'No, thanks' }).click();

  await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
  expect(await page.evaluate(() => window.localStorage.getItem('cookieConsent'))).toBe(
    '{"statistics":false,"media":false}',
  );
});

test('the newsletter validates under the field and thanks the subscriber', async ({ page }) => {
  await prepare(page);
  await page.goto('/home');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText('Want to get updates on chess content, events and features?')).toBeVisible();
  // The links of the CMS footer (cms-schema/seed/footer.json).
  await expect(footer.getByRole('link', { name: 'Instagram' })).toHaveAttribute(
    'href',
    'https://www.instagram.com/example.chess.learning',
  );

  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(footer.getByText('This field is required.')).toHaveCSS('color', 'rgb(198, 40, 40)');
  await footer.getByLabel('E-mail').fill('ada@');
  await expect(footer.getByText('Email format is invalid.')).toBeVisible();
  const email = `ada.${randomBytes(5).toString('hex')}@example.com`;
  await footer.getByLabel('E-mail').fill(email);
  const subscribed = page.waitForResponse((answer) => answer.url().endsWith('/content/subscribe'));
  await footer.getByRole('button', { name: 'Subscribe' }).click();

  await expect(footer.getByText('Thank you for subscribing!')).toBeVisible();
  const answer = await subscribed;
  expect(answer.status()).toBe(200);
  expect(answer.request().postDataJSON()).toEqual({ email });
});

test('a failed subscription shows the newsletter toast', async ({ page, faults }) => {
  await faults.add({ method: 'POST', path: '/content/subscribe', status: 500, times: 1 });
  await prepare(page);
  await page.goto('/home');
  const footer = page.getByRole('contentinfo');
  await footer.getByLabel('E-mail').fill(`ada.${randomBytes(5).toString('hex')}@example.com`);
  const failed = page.waitForResponse((answer) => answer.url().endsWith('/content/subscribe'));
  await footer.getByRole('button', { name: 'Subscribe' }).click();

  expect((await failed).status()).toBe(500);
  await expect(page.getByText('Something went wrong with your newsletter subscription.')).toBeVisible();
  await expect(page.getByText('Something went wrong with your newsletter subscription.')).toHaveCount(0, {
    timeout: 5000,
  });
  await expect(footer.getByRole('form', { name: 'Newsletter' })).toBeVisible();
});

test('an already subscribed member sees the thank-you view', async ({ page }) => {
  const member = await createMember(page.request, newMember(), { subscribe: true });
  await prepare(page);
  await signIn(page, member);
  const footerData = page.waitForResponse((answer) => answer.url().endsWith('/content/footer'));
  await page.goto('/home');

  expect((await (await footerData).request().allHeaders()).authorization).toMatch(/^Bearer /);
  await expect(page.getByRole('contentinfo').getByText('Thank you for subscribing!')).toBeVisible();
  await expect(page.getByRole('contentinfo').getByRole('form', { name: 'Newsletter' })).toHaveCount(0);
});

test('an embedded view hides header and footer and sends its token', async ({ page, request }) => {
  // The app signs its member in and opens the site with the access token it got.
  const member = await createMember(request);
  const login = await request.post('/users/login', {
    data: { username: member.email, password: member.password, platform: 'ios' },
  });
  expect(login.status(), await login.text()).toBe(200);
  const { access } = ((await login.json()) as { data: { access: string } }).data;
  await prepare(page);
  const authorizations: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname === '/cms/hubs/home') authorizations.push(sent.headers().authorization ?? '');
  });
  const hub = page.waitForResponse((answer) => new URL(answer.url()).pathname === '/cms/hubs/home');
  await page.goto(`/home?embedded=true&token=${access}`);

  await expect(page.getByRole('heading', { name: 'Learn from the best' })).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  expect((await hub).status()).toBe(200);
  expect(authorizations).not.toHaveLength(0);
  expect(authorizations.every((sent) => sent === `Bearer ${access}`)).toBe(true);
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
