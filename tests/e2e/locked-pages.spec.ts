// A locked item's own page (issue: locked pages that sell), against the real BFF: a guest and a
// free member who open a Pro lesson's address see the lesson and the offer that fits them, never
// a bare login or a jump to the plans; the masterclass says its price; a member's home starts with
// Continue learning. Each screen passes axe and fits a 360 px phone.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createMember, signIn } from './members';
import { expect, prepare, test } from './support';

const PRO_LESSON = { id: 65, path: '/lessons/65' }; // pro, not sold alone
const PRO_EPISODE = '/masterclass/chapter/2'; // pro, sold with the masterclass

async function axeClean(page: Page) {
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function lessonTitle(page: Page): Promise<string> {
  const answer = await page.request.get(`/cms/lessons/${PRO_LESSON.id}`);
  expect(answer.status()).toBe(403);
  const { error } = (await answer.json()) as { error: { item: { title: string } } };
  return error.item.title;
}

/** With LOCKED_PAGES_SHOTS set (a folder), the phone's screens are kept at 360 px to look at. */
async function shot(page: Page, name: string, again?: () => Promise<unknown>) {
  if (!process.env.LOCKED_PAGES_SHOTS || test.info().project.name !== 'phone') return;
  await page.setViewportSize({ width: 360, height: 740 });
  await page.reload();
  await page.waitForLoadState('networkidle');
  await again?.();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: `${process.env.LOCKED_PAGES_SHOTS}/${name}.png`, fullPage: true });
}

test('a guest who opens a Pro lesson sees the lesson, what is inside, and Sign up / Log in coming back', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await prepare(page);
  const title = await lessonTitle(page);
  await page.goto(PRO_LESSON.path);

  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${PRO_LESSON.path}$`));
  await expect(page.getByRole('heading', { name: 'What’s inside?' })).toBeVisible();
  await expect(page.locator('.locked-page__summary')).toContainText(/\d+ chapters? · /);
  const unlock = page.getByRole('region', { name: 'Unlock this lesson' });
  await expect(
    unlock.getByText(/Pro Monthly \$\d+\.\d\d a month or Pro Yearly \$\d+\.\d\d a year \(you save \$/),
  ).toBeVisible();
  await expect(unlock.getByRole('link', { name: 'Sign up' })).toHaveAttribute(
    'href',
    '/register/email?redirect=%2Flessons%2F65',
  );
  await axeClean(page);
  await shot(page, `locked-lesson-guest`);

  await unlock.getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Flessons%2F65$/);
});

test('a free member who opens a Pro lesson sees it with Pro, its price and trial; an episode offers the masterclass', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await prepare(page);
  await signIn(page, await createMember(page.request));
  const title = await lessonTitle(page);
  await page.goto(PRO_LESSON.path);

  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${PRO_LESSON.path}$`));
  const unlock = page.getByRole('region', { name: 'Unlock this lesson' });
  await expect(unlock.getByRole('link', { name: 'Start your 7-day free trial' })).toHaveAttribute(
    'href',
    '/upgrade-account',
  );
  await expect(unlock.getByText(/The first 7 days are free/)).toBeVisible();
  await expect(unlock.getByRole('link', { name: 'Log in' })).toHaveCount(0);
  await axeClean(page);
  await shot(page, `locked-lesson-member`);

  await page.goto(PRO_EPISODE);
  await expect(page.getByRole('button', { name: 'Buy the full masterclass for $79.99' })).toBeVisible();
  await axeClean(page);
});

test('the masterclass says its price and that Pro includes it; the yearly plan its saving', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await prepare(page);
  await page.goto('/masterclass');
  await expect(page.getByRole('button', { name: 'Unlock the full masterclass for $79.99' })).toBeVisible();
  await expect(page.getByText(/^Pro includes every episode too/)).toContainText(/Pro Yearly \$\d+\.\d\d a year/);
  await axeClean(page);
  await shot(page, `masterclass`);

  await page.goto('/upgrade-account');
  await page.getByRole('button', { name: 'Yearly', exact: true }).click();
  await expect(page.getByText(/^You save \$\d+\.\d\d \(\d+%\) against 12 monthly payments$/)).toBeVisible();
  await axeClean(page);
  await shot(page, `upgrade-yearly`, () => page.getByRole('button', { name: 'Yearly', exact: true }).click());
});

test("a member's home starts with Continue learning, above the hero", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await prepare(page);
  const member = await createMember(page.request);
  const access = await signIn(page, member);
  // Something to continue: a lesson chapter half watched, reported as the player does.
  const reported = await page.request.put('/content/positions/lesson_chapter/7:1', {
    headers: { Authorization: `Bearer ${access}` },
    data: { position: 60, duration: 300, event: 'pause' },
  });
  expect(reported.status(), await reported.text()).toBeLessThan(300);
  await page.goto('/home');

  const row = page.getByRole('region', { name: 'Continue learning' });
  await expect(row).toBeVisible();
  const order = await page.evaluate(() =>
    [...document.querySelectorAll('main h1, main h2')].slice(0, 4).map((h) => h.textContent),
  );
  expect(order[0]).toMatch(/^Welcome back/);
  expect(order[1]).toBe('Continue learning');
  const rowTop = (await row.boundingBox())!.y;
  const heroTop = (await page.locator('.hero').boundingBox())!.y;
  expect(rowTop).toBeLessThan(heroTop);
  await axeClean(page);
  await shot(page, `member-home`);
});
