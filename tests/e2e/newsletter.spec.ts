// Newsletter subscription from the footer against the real BFF (nothing mocked): the thank-you
// view survives a reload (a flag this browser keeps, since the footer data of a guest always says
// not subscribed), an address already on the list gets its own text, and a member's footer data
// speaks for their own address.
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './support';
import { createMember } from './members';

const THANKS = 'Thank you for subscribing!';
const footer = (page: Page) => page.getByRole('contentinfo');
const newAddress = () => `reader.${randomBytes(5).toString('hex')}@example.com`;

test.beforeEach(async ({ page }) => {
  // A stored cookie choice keeps the banner away from the footer.
  await page.addInitScript(() => {
    if (!window.localStorage.getItem('cookieConsent')) {
      window.localStorage.setItem('cookieConsent', JSON.stringify({ statistics: false, media: false }));
    }
  });
});

async function subscribeFromFooter(page: Page, email: string) {
  const form = footer(page).getByRole('form', { name: 'Newsletter' });
  await form.getByLabel('E-mail').fill(email);
  await form.getByRole('button', { name: 'Subscribe' }).click();
}

test('a guest subscribes from the footer; the thank-you view stays after a reload', async ({ page }) => {
  const email = newAddress();
  await page.goto('/home');
  const subscribed = page.waitForResponse((r) => r.url().endsWith('/content/subscribe'));
  await subscribeFromFooter(page, email);

  expect((await subscribed).status()).toBe(200);
  await expect(footer(page).getByText(THANKS)).toBeVisible();

  const footerData = page.waitForResponse((r) => r.url().endsWith('/content/footer'));
  await page.reload();
  // The BFF cannot tell a guest that they are subscribed...
  const answer = (await (await footerData).json()) as { data: { subscribed: boolean } };
  expect(answer.data.subscribed).toBe(false);
  // ...so the thank-you view comes from what this browser remembers.
  await expect(footer(page).getByText(THANKS)).toBeVisible();
  await expect(footer(page).getByRole('form', { name: 'Newsletter' })).toHaveCount(0);
});

test('an address already subscribed gets its own message; the next load thanks the visitor', async ({
  page,
  request,
}) => {
  const email = newAddress();
  expect((await request.post('/content/subscribe', { data: { email } })).status()).toBe(200);

  await page.goto('/home');
  await subscribeFromFooter(page, email);

  await expect(page.getByText('This email address is already used for subscription')).toBeVisible();
  // The form stays for this page view, so that a mistyped address can be corrected.
  await expect(footer(page).getByRole('form', { name: 'Newsletter' })).toBeVisible();

  await page.reload();
  await expect(footer(page).getByText(THANKS)).toBeVisible();
});

test("a subscribed member's footer thanks them after a reload; logging out forgets it", async ({ page, request }) => {
  const member = await createMember(request);
  expect((await request.post('/content/subscribe', { data: { email: member.email } })).status()).toBe(200);

  await page.goto('/login');
  const main = page.getByRole('main');
  await main.getByLabel('E-mail', { exact: true }).fill(member.email);
  await main.getByLabel('Password', { exact: true }).fill(member.password);
  await main.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  // Asked again with the member's token after the sign-in (no flag stored by this browser).
  await expect(footer(page).getByText(THANKS)).toBeVisible();

  // A cold load: the footer call waits for the stored session's token, so it is the member's.
  const footerCall = page.waitForRequest((r) => r.url().endsWith('/content/footer'));
  await page.reload();
  expect((await footerCall).headers().authorization).toMatch(/^Bearer /);
  await expect(footer(page).getByText(THANKS)).toBeVisible();

  await page.getByRole('button', { name: 'Menu' }).click();
  const reloaded = page.waitForEvent('load');
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Log out' }).click();
  await reloaded;
  await expect(footer(page).getByRole('form', { name: 'Newsletter' })).toBeVisible();
});
