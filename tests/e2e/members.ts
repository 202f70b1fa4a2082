// Real members for the journeys: accounts made through the BFF's own API, mails read from the
// outbox of the server the tests run against (E2E_WORKDIR, see playwright.config.ts).
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';

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
    .poll(async () => {
      const mails = await mailsTo(to);
      const pattern = new RegExp(`https?://[^\\s"<>]+${path.replace(/\//g, '\\/')}\\?token=[\\w.~%-]+`, 'g');
      link = mails.flatMap((mail) => mail.match(pattern) ?? []).at(-1);
      return link;
    }, { message: `a mail to ${to} with a ${path} link` })
    .toBeTruthy();
  return link!;
}

/** Registers by e-mail through the API and confirms through the mailed link: a free member. */
export async function createMember(request: APIRequestContext, member = newMember()): Promise<Member> {
  const registered = await request.post('/users/register_email', {
    data: {
      username: member.username,
      email: member.email,
      password: member.password,
      country: 'FR',
      skill_level: 'club',
      terms: true,
      subscribe: false,
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
