// My account against the real BFF: the profile saved and seen after a reload, the newsletter
// switch, a password and an e-mail change (through the mailed link), a Pro member's membership
// and the sandbox billing page, purchases, Download my data and Delete my account. Members are
// made through the API; mails are read from the server's outbox; nothing is intercepted.
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { createMember, linkMailedTo, makePro, type Member, newMember, signIn } from './members';
import { expect, prepare, test } from './support';

const PRICED_PROGRAM = { id: 3, title: '30 days of tactics', price: '$29.99' }; // pro, for sale

const main = (page: Page) => page.getByRole('main');
const section = (page: Page, name: string) => main(page).getByRole('region', { name });

async function signedInMember(page: Page): Promise<Member> {
  await prepare(page);
  const member = await createMember(page.request);
  await signIn(page, member);
  return member;
}

async function openAccount(page: Page) {
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
}

async function loginStatus(request: APIRequestContext, email: string, password: string): Promise<number> {
  const answer = await request.post('/users/login', { data: { username: email, password, platform: 'mobile-web' } });
  return answer.status();
}

test('a guest is offered the login and comes back to My account; the menu links to it', async ({ page }) => {
  await prepare(page);
  const member = await createMember(page.request);
  await page.goto('/account');

  const overlay = page.getByRole('dialog', { name: 'Log in' });
  await expect(overlay).toBeVisible();
  await overlay.getByLabel('E-mail', { exact: true }).fill(member.email);
  await overlay.getByLabel('Password', { exact: true }).fill(member.password);
  await overlay.getByRole('button', { name: 'Log in', exact: true }).click();

  await expect(page).toHaveURL(/\/account$/);
  await expect(section(page, 'Profile').getByLabel('Username')).toHaveValue(member.username);

  await page.goto('/home');
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'My account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
});

test('the profile is saved and still there after a reload; a taken username is said at once', async ({ page }) => {
  const other = await createMember(page.request);
  const member = await signedInMember(page);
  await openAccount(page);
  const profile = section(page, 'Profile');

  // Another member's name: the availability check answers while typing.
  await profile.getByLabel('Username').fill(other.username);
  await expect(profile.getByText('This username is already taken.')).toBeVisible();
  // A name with digits is refused before anything is sent (docs/accounts.md, validation).
  await profile.getByLabel('First name').fill('Ad4');
  await profile.getByLabel('First name').blur();
  await expect(profile.getByText("Name can't contain special characters.")).toBeVisible();

  const username = `${member.username}_x`;
  await profile.getByLabel('First name').fill('Ada');
  await profile.getByLabel('Last name').fill('Lovelace');
  await profile.getByLabel('Username').fill(username);
  await profile.getByLabel('Country').selectOption('DE');
  await profile.getByLabel('Level').selectOption('expert');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Your profile is saved.')).toBeVisible();

  // The newsletter switch: on, and the footer agrees.
  const newsletter = profile.getByRole('switch', { name: 'Newsletter' });
  await expect(newsletter).not.toBeChecked();
  await newsletter.click();
  await expect(page.getByText('You will get the newsletter.')).toBeVisible();
  await expect(newsletter).toBeChecked();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
  await expect(profile.getByLabel('First name')).toHaveValue('Ada');
  await expect(profile.getByLabel('Last name')).toHaveValue('Lovelace');
  await expect(profile.getByLabel('Username')).toHaveValue(username);
  await expect(profile.getByLabel('Country')).toHaveValue('DE');
  await expect(profile.getByLabel('Level')).toHaveValue('expert');
  await expect(profile.getByRole('switch', { name: 'Newsletter' })).toBeChecked();

  // And off again, as the BFF says after another reload.
  await profile.getByRole('switch', { name: 'Newsletter' }).click();
  await expect(page.getByText('You will no longer get the newsletter.')).toBeVisible();
  await page.reload();
  await expect(profile.getByRole('switch', { name: 'Newsletter' })).not.toBeChecked();
});

test('a new picture is cut to a square, previewed, saved and shown after a reload', async ({ page }) => {
  await signedInMember(page);
  await openAccount(page);
  const profile = section(page, 'Profile');

  // A 4 x 2 PNG made in the page: its centre square is what is sent.
  const png = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 40;
    canvas.height = 20;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#7446ff';
    context.fillRect(0, 0, 40, 20);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
    return Array.from(new Uint8Array(await blob.arrayBuffer()));
  });
  const chooser = page.waitForEvent('filechooser');
  await profile.getByRole('button', { name: 'Add a picture' }).click();
  await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from(png) });

  const preview = profile.getByRole('img', { name: 'Your new picture, cut to a square' });
  await expect(preview).toBeVisible();
  await expect
    .poll(() => preview.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]))
    .toEqual([20, 20]);
  await profile.getByRole('button', { name: 'Save picture' }).click();
  await expect(page.getByText('Your picture is saved.')).toBeVisible();

  await page.reload();
  const picture = section(page, 'Profile').getByRole('img', { name: 'Your picture' });
  await expect(picture).toHaveAttribute('src', /\/uploads\/[\w-]+\.webp$/);
  await expect(section(page, 'Profile').getByRole('button', { name: 'Change picture' })).toBeVisible();
});

test('a password change: the current one is checked, then the old one fails and the new one works', async ({
  page,
}) => {
  const member = await signedInMember(page);
  await openAccount(page);
  const password = section(page, 'Password');
  await expect(password).toContainText('signs you out on your other devices');

  await password.getByLabel('Current password').fill('Wrong4ever!');
  await password.getByLabel('New password').fill('Bishop4ever!');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByText('Password is incorrect. Please try again.')).toBeVisible();

  await password.getByLabel('Current password').fill(member.password);
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password is changed. You were signed out everywhere else.')).toBeVisible();
  await expect(password.getByLabel('Current password')).toHaveValue('');

  expect(await loginStatus(page.request, member.email, member.password)).toBe(401);
  expect(await loginStatus(page.request, member.email, 'Bishop4ever!')).toBe(200);
  // This browser kept its session: the new tokens of the answer, and the new refresh cookie.
  await page.reload();
  await expect(section(page, 'Profile').getByLabel('Username')).toHaveValue(member.username);
});

test('an e-mail change goes through the link mailed to the new address', async ({ page }) => {
  const member = await signedInMember(page);
  await openAccount(page);
  const email = section(page, 'E-mail address');
  const next = newMember().email;

  await email.getByLabel('New e-mail address').fill(next);
  await email.getByLabel('Password', { exact: true }).fill(member.password);
  await email.getByRole('button', { name: 'Send the link' }).click();
  await expect(email.getByText(`We sent a link to ${next}.`)).toBeVisible();

  await page.goto(await linkMailedTo(next, '/users/confirm_email_change'));
  await expect(page).toHaveURL(/\/account\?email_changed=1$/);
  await expect(main(page).getByText('Your e-mail address is changed.')).toBeVisible();
  await expect(section(page, 'E-mail address')).toContainText(`Current address ${next}`);
  expect(await loginStatus(page.request, next, member.password)).toBe(200);

  // The same link a second time: said plainly.
  await page.goto(await linkMailedTo(next, '/users/confirm_email_change'));
  await expect(page).toHaveURL(/\/account\?error=email_verification_invalid_token$/);
  await expect(main(page).getByRole('alert')).toContainText('This link is invalid or has expired.');
});

test('a Pro member manages billing on the sandbox page, cancels, and comes back to see it', async ({ page }) => {
  await prepare(page);
  const member = await createMember(page.request);
  await makePro(page.request, member);
  await signIn(page, member);
  await openAccount(page);
  const membership = section(page, 'Membership');

  await expect(membership.getByText('Pro', { exact: true })).toBeVisible();
  await expect(membership).toContainText(/Status\s*Free trial/);
  await expect(membership).toContainText(/Price\s*\$\d+\.\d\d a month/);
  await expect(membership).toContainText(/Next billing date\s*\w+ \d+, \d{4}/);
  await expect(membership.getByRole('link', { name: 'Upgrade' })).toHaveCount(0);

  await membership.getByRole('button', { name: 'Manage billing' }).click();
  await expect(page).toHaveURL(/\/sandbox\/billing$/);
  await page.getByRole('button', { name: 'Cancel membership' }).click();
  await expect(page.getByRole('button', { name: 'Resume membership' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the site' }).click();

  await expect(page).toHaveURL(/\/account$/);
  await expect(section(page, 'Membership')).toContainText(/Status\s*Cancelling at the end of the period/);
  await expect(section(page, 'Membership')).toContainText(/Pro until\s*\w+ \d+, \d{4}/);
});

test('purchases: none at first, then the program bought, linking to it', async ({ page }) => {
  await signedInMember(page);
  await openAccount(page);
  const purchases = section(page, 'Purchases');
  await expect(purchases.getByText('You have not bought any single program, video or masterclass yet.')).toBeVisible();
  // A free member is offered the upgrade.
  await expect(section(page, 'Membership').getByRole('link', { name: 'Upgrade' })).toBeVisible();

  await page.goto(`/program/${PRICED_PROGRAM.id}`);
  await page.getByRole('button', { name: `Buy for ${PRICED_PROGRAM.price}` }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByText('Thank you for your purchase!')).toBeVisible();

  await openAccount(page);
  const item = section(page, 'Purchases').getByRole('link', { name: new RegExp(PRICED_PROGRAM.title) });
  await expect(item).toContainText(PRICED_PROGRAM.price);
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/program/${PRICED_PROGRAM.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: PRICED_PROGRAM.title })).toBeVisible();
});

test('Download my data saves my-data.json with the profile in it', async ({ page }) => {
  const member = await signedInMember(page);
  await openAccount(page);

  const download = page.waitForEvent('download');
  await section(page, 'Your data').getByRole('button', { name: 'Download my data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('my-data.json');
  const data = JSON.parse(await readFile(await file.path(), 'utf8')) as {
    profile: { email: string; username: string };
    newsletter: unknown;
    purchases: unknown[];
  };
  expect(data.profile).toMatchObject({ email: member.email, username: member.username });
  expect(data).toHaveProperty('newsletter');
  expect(data.purchases).toEqual([]);
  await expect(page.getByText('Your data is downloaded (my-data.json).')).toBeVisible();
});

test('Delete my account asks for the password, signs out, goes home, and the login fails after', async ({ page }) => {
  const member = await signedInMember(page);
  await openAccount(page);

  await section(page, 'Your data').getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete my account' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Password', { exact: true }).fill('Wrong4ever!');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Password is incorrect. Please try again.')).toBeVisible();
  // The dialog is above the page and its header: its Close button takes the tap, and keeps the
  // account; so does Escape.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  await section(page, 'Your data').getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await section(page, 'Your data').getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Password is incorrect. Please try again.')).toHaveCount(0);
  await dialog.getByLabel('Password', { exact: true }).fill(member.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();

  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText('Your account is deleted.')).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('user'))).toBeNull();
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Log in' })).toBeVisible();
  expect(await loginStatus(page.request, member.email, member.password)).not.toBe(200);
});

test.describe('My account on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('a Pro member sees no WCAG A/AA violations, no sideways scrolling, and 48 px controls', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await prepare(page);
    const member = await createMember(page.request);
    await makePro(page.request, member);
    await signIn(page, member);
    await openAccount(page);
    await expect(section(page, 'Membership').getByRole('button', { name: 'Manage billing' })).toBeVisible();
    await expect(section(page, 'Profile').getByRole('switch', { name: 'Newsletter' })).toBeEnabled();
    await page.waitForLoadState('networkidle');

    const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
    const violations = async () =>
      (await new AxeBuilder({ page }).withTags(tags).analyze()).violations.map(
        (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      );
    expect(await violations()).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const small = await main(page)
      .locator(
        // A box or a radio is tapped through its label: the label is what is measured.
        'button, select, input:not([type="checkbox"]):not([type="radio"]):not([type="file"]), a.button, ' +
          '.purchases__item, .newsletter-switch, .board-settings__option',
      )
      .evaluateAll((nodes) =>
        nodes
          .filter((node) => node.getBoundingClientRect().height < 47.5)
          .map(
            (node) =>
              `${node.tagName} ${node.textContent?.trim() ?? ''} ${Math.round(node.getBoundingClientRect().height)}`,
          ),
      );
    expect(small).toEqual([]);

    await section(page, 'Your data').getByRole('button', { name: 'Delete my account' }).click();
    await expect(page.getByRole('dialog', { name: 'Delete my account' })).toBeVisible();
    expect(await violations()).toEqual([]);
  });
});
