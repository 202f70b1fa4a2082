// Real members for the journeys: accounts made through the BFF's own API, mails read from the
// outbox of the server the tests run against (E2E_WORKDIR, see playwright.config.ts).
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

export interface Member {
  username: string;
  email: string;
  password: string;
}

const outboxFolder = () => join(process.env.E2E_WORKDIR ?? '', 'instance', 'outbox');

/** A member nobody has used yet: unique name and address, a password the rules accept. */
export function newMember(): Member {
  const tag = randomBytes(5).toString('hex');
  return { username: `learner_${tag}`, email: `learner.${tag}@example.com`, password: 'Queen4ever!' };
}

/** Every mail sent to `to` so far, oldest first, as raw text (quoted-printable undone). */
export async function mailsTo(to: string): Promise<string[]> {
  const names = (await readdir(outboxFolder()).catch(() => [] as string[]))
    .filter((name) => name.endsWith('.eml'))
    .sort();
  const mails = await Promise.all(names.map((name) => readFile(join(outboxFolder(), name), 'utf8')));
  return mails
    .map((raw) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
    .filter((raw) => new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'mi').test(raw));
}

/** The newest link in the mails to `to` whose path starts with `path`, waiting for it to arrive. */
export async function linkMailedTo(to: string, path: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = await mailsTo(to);
        const pattern = new RegExp(`https?://[^\\s"<>]+${path.replace(/\//g, '\\/')}\\?token=[\\w.~%-]+`, 'g');
        link = mails.flatMap((mail) => mail.match(pattern) ?? []).at(-1);
        return link;
      },
      { message: `a mail to ${to} with a ${path} link` },
    )
    .toBeTruthy();
  return link!;
}

/**
 * Registers by e-mail through the API and confirms through the mailed link: a free member
 * (`subscribe`: who also signed up to the newsletter when registering).
 */
export async function createMember(
  request: APIRequestContext,
  member = newMember(),
  { subscribe = false } = {},
): Promise<Member> {
  const registered = await request.post('/users/register_email', {
    data: {
      username: member.username,
      email: member.email,
      password: member.password,
      country: 'FR',
      skill_level: 'club',
      terms: true,
      subscribe,
      platform: 'mobile-web',
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const link = new URL(await linkMailedTo(member.email, '/users/confirm_email'));
  const confirmed = await request.post('/users/confirm_email', {
    data: { token: link.searchParams.get('token') },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return member;
}

/**
 * Signs in through the API from the page's own context, so that the real refresh cookie lands in
 * the browser, and stores the user as the client does after a sign-in: the client then restores
 * the session from that cookie when a page loads. Answers the access token.
 */
export async function signIn(page: Page, member: Member): Promise<string> {
  const answer = await page.request.post('/users/login', {
    data: { username: member.email, password: member.password, platform: 'mobile-web' },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  const { data } = (await answer.json()) as { data: { access: string; user: unknown } };
  await page.addInitScript((user) => {
    if (!window.localStorage.getItem('user')) window.localStorage.setItem('user', JSON.stringify(user));
  }, data.user);
  return data.access;
}

/**
 * Makes `member` Pro the way a buyer does, through the API and the sandbox payment provider: a
 * monthly plan's checkout, Pay on the sandbox's hosted page, then the checkout confirmed.
 */
export async function makePro(request: APIRequestContext, member: Member): Promise<void> {
  const login = await request.post('/users/login', {
    data: { username: member.email, password: member.password, platform: 'mobile-web' },
  });
  expect(login.status(), await login.text()).toBe(200);
  const headers = { Authorization: `Bearer ${((await login.json()) as { data: { access: string } }).data.access}` };

  const plans = (await (await request.get('/subscriptions/plans?platform=web')).json()) as {
    data: { id: string; currency: string; period: string }[];
  };
  const plan = plans.data.find((item) => item.currency === 'USD' && item.period === 'monthly');
  expect(plan, 'a monthly USD plan').toBeTruthy();
  const started = await request.post('/subscriptions/web/checkout/new_subscription', {
    headers,
    data: { plan_id: plan!.id },
  });
  expect(started.status(), await started.text()).toBe(200);
  const { id } = ((await started.json()) as { data: { id: string } }).data;

  const paid = await request.post(`/sandbox/checkout/${id}/pay`, { maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  const confirmed = await request.get(`/subscriptions/web/checkout/session/${id}`, { headers });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
}
