// A Pro member, made Pro through the API and the sandbox payment provider: nothing is offered for
// sale to them, and the upgrade page shows their membership instead of plans. A free member and a
// guest still see the plans.
import { createMember, makePro, signIn } from './members';
import { expect, prepare, test } from './support';

test('a Pro member is not offered the Masterclass and watches its episodes', async ({ page, request }) => {
  await prepare(page);
  const member = await createMember(request);
  await makePro(request, member);
  await signIn(page, member);
  await page.goto('/masterclass');

  await expect(page.getByRole('heading', { level: 1, name: 'Learn chess with a world champion' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Why I play 1\.e4/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /Unlock the full masterclass/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /\(Pro, locked\)/ })).toHaveCount(0);
});

test('the upgrade page shows a Pro member their plan and where to start, with nothing to buy', async ({
  page,
  request,
}) => {
  await prepare(page);
  const member = await createMember(request);
  await makePro(request, member);
  await signIn(page, member);
  await page.goto('/upgrade-account');

  await expect(page.getByRole('heading', { level: 1, name: 'You are Pro' })).toBeVisible();
  await expect(page.getByText(/^Pro Monthly · \$\d+\.\d\d \/ month$/)).toBeVisible();
  await expect(page.getByText(/Free trial until \w+ \d+, \d{4}/)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Choose/ })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Become a Pro member' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Watch the Masterclass' }).click();
  await expect(page).toHaveURL(/\/masterclass$/);
});

test('a free member and a guest see the plans on the upgrade page', async ({ page, request }) => {
  await prepare(page);
  await page.goto('/upgrade-account');
  await expect(page.getByRole('heading', { level: 1, name: 'Become a Pro member' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Choose Pro Monthly' })).toBeEnabled();

  await signIn(page, await createMember(request));
  await page.goto('/upgrade-account');
  await expect(page.getByRole('button', { name: 'Choose Pro Monthly' })).toBeEnabled();
  await expect(page.getByRole('heading', { name: 'You are Pro' })).toHaveCount(0);
});
