// Account journeys against the real BFF on its embedded defaults: signing up from a locked lesson
// and coming back to it, recovering a password, and a session that outlives its access token.
// Nothing is mocked: mails are read from the server's outbox, and the refused access token is a
// 401 of the real BFF (a fault scoped to that test).
import type { Page } from '@playwright/test';
import { createMember, linkMailedTo, type Member, newMember } from './members';
import { expect, prepare, test } from './support';

const main = (page: Page) => page.getByRole('main');

async function logInOn(scope: ReturnType<Page['getByRole']>, email: string, password: string) {
  await scope.getByLabel('E-mail', { exact: true }).fill(email);
  await scope.getByLabel('Password', { exact: true }).fill(password);
  await scope.getByRole('button', { name: 'Log in', exact: true }).click();
}

async function menuAction(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  const action = menu.getByRole('button', { name: /^Log (in|out)$/ });
  const text = (await action.textContent()) ?? '';
  await page.keyboard.press('Escape');
  return text;
}

test('a guest signs up by e-mail from a locked lesson, confirms, logs in and comes back to it', async ({ page }) => {
  const member = newMember();
  await prepare(page);
  await page.goto('/home');

  await page
    .getByRole('region', { name: 'Lessons library' })
    .getByRole('link', { name: /\(Pro, locked\)/ })
    .first()
    .click();
  // The lesson's own page, which offers to sign up and come back.
  const unlock = page.getByRole('region', { name: 'Unlock this lesson' });
  await expect(unlock).toBeVisible();
  const lesson = new URL(page.url()).pathname;
  expect(lesson).toMatch(/^\/lessons\/\d+$/);

  await unlock.getByRole('link', { name: 'Sign up', exact: true }).click();
  await expect(page).toHaveURL(/\/register\/email\?redirect=%2Flessons%2F\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Register with E-mail' })).toBeVisible();
  await main(page).getByLabel('Username').fill(member.username);
  await main(page).getByLabel('E-mail', { exact: true }).fill(member.email);
  await main(page).getByLabel('Password', { exact: true }).fill(member.password);
  await main(page).getByLabel('Country').selectOption('FR');
  await main(page).getByLabel('Level').selectOption('club');
  await main(page)
    .getByRole('checkbox', { name: /I accept the terms/ })
    .check();
  await main(page).getByRole('button', { name: 'Complete sign-up' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeVisible();
  await expect(main(page)).toContainText(member.email);

  await page.goto(await linkMailedTo(member.email, '/users/confirm_email'));
  await expect(page).toHaveURL(/\/login\?confirmed=1$/);
  await expect(main(page)).toContainText('Your e-mail address is confirmed. You can now log in.');

  // The lesson opens again, now asked for with the member's token (a free member then meets its
  // page's Pro offer, since the lesson is for Pro members).
  const lessonRequest = page.waitForRequest(
    (request) => request.url().endsWith(`/cms${lesson}`) && Boolean(request.headers().authorization),
  );
  const backToLesson = page.waitForURL(`**${lesson}`);
  await logInOn(main(page), member.email, member.password);
  await backToLesson;
  await lessonRequest;
  await expect(page.getByRole('link', { name: 'Start your 7-day free trial' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${lesson}$`));
  expect(await menuAction(page)).toBe('Log out');
  expect(await page.evaluate(() => window.localStorage.getItem('redirectAfterLogin'))).toBeNull();
});

test('forgot password: the mailed link resets it, the new one works, the old one and old sessions do not', async ({
  page,
  request,
}) => {
  const member: Member = await createMember(request);
  // A session from before the reset, with its refresh cookie (in the API client's own cookie jar).
  const before = await request.post('/users/login', {
    data: { username: member.email, password: member.password, platform: 'mobile-web' },
  });
  expect(before.status()).toBe(200);
  await prepare(page);

  await page.goto('/login');
  await main(page).getByRole('button', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await main(page).getByLabel('E-mail', { exact: true }).fill(` ${member.email} `);
  await main(page).getByRole('button', { name: 'Recover my password' }).click();
  await expect(page.getByText('We sent you an email with instructions to reset your password.')).toBeVisible();

  await page.goto(await linkMailedTo(member.email, '/reset_password'));
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  const newPassword = 'Rook2endgame!';
  await main(page).getByLabel('New password', { exact: true }).fill(newPassword);
  await main(page).getByLabel('Repeat your new password', { exact: true }).fill(newPassword);
  await main(page).getByRole('button', { name: 'Update password' }).click();
  await expect(main(page)).toContainText('Your password has been updated. You can now log in using your new password.');
  await expect(page.getByText('Your password has been updated.', { exact: true })).toBeVisible();

  await main(page).getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/home\?open=login$/);
  const overlay = page.getByRole('dialog', { name: 'Log in' });
  await logInOn(overlay, member.email, member.password);
  // The refusal in a toast, and under the field it concerns.
  const wrong = 'Password is incorrect. Please try again.';
  await expect(page.locator('.toast', { hasText: wrong })).toBeVisible();
  await expect(overlay.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(wrong);
  await logInOn(overlay, member.email, newPassword);
  await expect(overlay).toHaveCount(0);
  await expect(page).toHaveURL(/\/home$/);
  expect(await menuAction(page)).toBe('Log out');

  const refreshed = await request.get('/users/token_refresh');
  expect(refreshed.status()).toBe(401);
});

test('an expired access token refreshes silently; a revoked refresh ends the session, said, with the login offered', async ({
  page,
  request,
  faults,
}) => {
  const member = await createMember(request);
  await prepare(page);
  await page.goto('/login');
  await logInOn(main(page), member.email, member.password);
  await expect(page).toHaveURL(/\/home$/);

  // The access token is refused: the BFF answers the next lessons call with its real 401.
  const bearers: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname === '/cms/lessons') bearers.push(sent.headers().authorization ?? '');
  });
  await faults.add({ method: 'GET', path: '/cms/lessons', status: 401, code: 'user_invalid_token', times: 1 });
  const refused = page.waitForResponse((answer) => new URL(answer.url()).pathname === '/cms/lessons');
  const refresh = page.waitForResponse((answer) => answer.url().endsWith('/users/token_refresh'));
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Lessons' }).click();

  expect((await refused).status()).toBe(401);
  expect((await refresh).status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Lessons' })).toBeVisible();
  await expect(page.locator('main .content-card').first()).toBeVisible();
  expect(bearers.length).toBeGreaterThanOrEqual(2);
  expect(bearers[0]).toMatch(/^Bearer /);
  expect(bearers[1]).toMatch(/^Bearer /);
  expect(bearers[1]).not.toBe(bearers[0]);
  expect(await menuAction(page)).toBe('Log out');

  // The refresh cookie is gone: the next 401 cannot be refreshed and the visitor is a guest.
  await page.context().clearCookies();
  await faults.add({ method: 'GET', path: '/cms/articles', status: 401, code: 'user_invalid_token', times: 1 });
  const failed = page.waitForResponse((answer) => answer.url().endsWith('/users/token_refresh'));
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Articles' }).click();

  expect((await failed).status()).toBe(401);
  // Told, and offered to log in again, back to this page.
  // One toast: the articles come anyway, asked for again as a guest's.
  await expect(page.locator('.toast')).toHaveCount(1);
  await expect(page.locator('.toast')).toContainText('Your session has expired. Login again.');
  const login = page.getByRole('dialog', { name: 'Log in' });
  await expect(login).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('redirectAfterLogin'))).toBe('"/articles"');
  await page.keyboard.press('Escape');
  await expect(login).toHaveCount(0);
  await expect(page.locator('main .content-card').first()).toBeVisible();
  // The guest flag, for one hour.
  const guestUntil = () =>
    page.evaluate(
      () => (JSON.parse(window.localStorage.getItem('guest') ?? 'null') as { expires: number } | null)?.expires ?? 0,
    );
  await expect.poll(guestUntil).toBeGreaterThan(Date.now());
  expect(await guestUntil()).toBeLessThanOrEqual(Date.now() + 3_600_000);
  expect(await page.evaluate(() => window.localStorage.getItem('user'))).toBeNull();
  expect(await menuAction(page)).toBe('Log in');
});

test('a new member registered on the API can log in on the page and the menu offers Log out', async ({
  page,
  request,
}) => {
  const member = await createMember(request, newMember());
  await prepare(page);
  await page.goto('/login?redirect=%2Fprograms');
  await logInOn(main(page), member.email, member.password);
  await expect(page).toHaveURL(/\/programs$/);
  await expect(page.getByText(/Signed in as/)).toBeAttached();
});
