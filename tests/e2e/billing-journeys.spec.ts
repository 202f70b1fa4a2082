// Paying journeys against the real BFF and its sandbox checkout: a free member goes Pro, a member
// buys one program, and Cancel on the checkout page leads back. Then the accessibility and the
// 360 px fit of the upgrade and payment screens.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createMember, signIn } from './members';
import { expect, prepare, test } from './support';

const LOCKED_LESSON = { id: 32, title: 'Attacking with the h-pawn' }; // pro
const PRICED_PROGRAM = { id: 3, title: '30 days of tactics', price: '$29.99' }; // pro, for sale
const PRICED_VIDEO = { id: 3, title: 'The Silent Clock', price: '$4.99' }; // pro, for sale

async function freeMember(page: Page): Promise<void> {
  await prepare(page);
  await signIn(page, await createMember(page.request));
}

async function openMenu(page: Page) {
  await page.getByRole('button', { name: 'Menu' }).click();
  return page.getByRole('dialog', { name: 'Menu' });
}

test('a free member goes Pro with a yearly plan, and the locked lesson opens', async ({ page }) => {
  await freeMember(page);
  await page.goto(`/lessons/${LOCKED_LESSON.id}`);

  // Locked for a free member: the lesson's own page, which offers Pro.
  await expect(page.getByRole('heading', { level: 1, name: LOCKED_LESSON.title })).toBeVisible();
  await page.getByRole('link', { name: 'Start your 7-day free trial' }).click();
  await expect(page).toHaveURL(/\/upgrade-account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Become a Pro member' })).toBeVisible();
  let menu = await openMenu(page);
  await expect(menu.getByRole('button', { name: 'Upgrade' })).toBeVisible();
  await menu.getByRole('button', { name: 'Close' }).click();

  await expect(page.getByRole('button', { name: 'Monthly', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Yearly', exact: true }).click();
  await page.getByRole('button', { name: 'Choose Pro Yearly' }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await page.getByRole('button', { name: /^Pay/ }).click();

  await expect(page).toHaveURL(/\/welcome-you$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Pro Membership' })).toBeVisible();
  await expect(page.getByText("Congratulations, you're officially a Pro member!")).toBeVisible();

  menu = await openMenu(page);
  await expect(menu.getByRole('button', { name: 'Log out' })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Upgrade' })).toHaveCount(0);
  await menu.getByRole('link', { name: 'Lessons' }).click();
  await page.getByRole('link', { name: new RegExp(LOCKED_LESSON.title) }).click();

  await expect(page).toHaveURL(new RegExp(`/lessons/${LOCKED_LESSON.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: LOCKED_LESSON.title })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Allow media cookies' })).toBeVisible();
});

test('a member buys a locked program and lands on it, open', async ({ page }) => {
  await freeMember(page);
  await page.goto(`/program/${PRICED_PROGRAM.id}`);

  await expect(page.getByRole('heading', { level: 1, name: PRICED_PROGRAM.title })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start your 7-day free trial' })).toBeVisible();
  await page.getByRole('button', { name: `Buy for ${PRICED_PROGRAM.price}` }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await page.getByRole('button', { name: /^Pay/ }).click();

  await expect(page).toHaveURL(new RegExp(`/program/${PRICED_PROGRAM.id}$`));
  await expect(page.getByText('Thank you for your purchase!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What’s inside?' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Program chapters? \(\d+\)$/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Buy for/ })).toHaveCount(0);
});

test('Cancel on the checkout page: a purchase ends on the cancel page, a plan back on the plans', async ({ page }) => {
  await freeMember(page);
  await page.goto(`/videos/${PRICED_VIDEO.id}`);
  await page.getByRole('button', { name: `Buy for ${PRICED_VIDEO.price}` }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await page.getByRole('button', { name: 'Cancel' }).click();

  await expect(page).toHaveURL(/\/product-payment\/cancel$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong! Please try again!' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to home' })).toBeVisible();
  await page.getByRole('link', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/videos/${PRICED_VIDEO.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: PRICED_VIDEO.title })).toBeVisible();

  await page.goto('/upgrade-account');
  await page.getByRole('button', { name: 'Choose Pro Monthly' }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await page.getByRole('button', { name: 'Cancel' }).click();

  await expect(page).toHaveURL(/\/upgrade-account$/);
  await expect(page.getByRole('button', { name: 'Choose Pro Monthly' })).toBeEnabled();
});

test.describe('upgrade and payment screens on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  const screens = ['/upgrade-account', '/welcome-me', '/product-payment/cancel', `/program/${PRICED_PROGRAM.id}`];
  for (const path of screens) {
    test(`${path} has no WCAG A/AA violations and no sideways scrolling`, async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await freeMember(page);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');

      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
        [],
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    });
  }
});
