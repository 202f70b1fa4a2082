// Social sign-in against the real BFF. Google's and Apple's parts are played by a local OpenID
// issuer (tests/e2e/oidc_issuer.py) that scripts/e2e-server starts and the BFF is configured to
// trust (GOOGLE_TEST_ISSUER, APPLE_TEST_ISSUER, refused in production): the BFF fetches its keys
// and verifies its ID tokens as it would Google's and Apple's, and exchanges Apple codes at its
// token endpoint with a client secret signed by the server's Apple key. In the browser only the
// providers' own SDK scripts (third-party hosts) are replaced: Google's by one that hands back an
// ID token the issuer minted, Apple's by one that hands back a code the issuer gave out. Facebook
// is off on the test server, as it is on a site that has not configured it.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, prepare, test } from './support';

interface GooglePerson {
  sub: string;
  email: string;
  given_name: string;
  family_name: string;
}

/** The address of the test issuer, which it wrote into the server's work folder. */
async function issuerUrl(): Promise<string> {
  return (await readFile(join(process.env.E2E_WORKDIR ?? '', 'oidc-issuer-url'), 'utf8')).trim();
}

/** An ID token for `person`, minted by the test issuer for the site's Google client id. */
async function googleIdToken(request: APIRequestContext, person: GooglePerson): Promise<string> {
  const providers = await request.get('/users/social_providers');
  const clientId = ((await providers.json()) as { data: { google: { client_id: string } } }).data.google.client_id;
  const minted = await request.post(`${await issuerUrl()}/mint`, { data: { ...person, aud: clientId } });
  expect(minted.status(), await minted.text()).toBe(200);
  return ((await minted.json()) as { id_token: string }).id_token;
}

/**
 * Google's Identity Services script, replaced by one that answers every prompt with a fresh ID
 * token for `person`, as Google's would once the person picked their account.
 */
async function signsInWithGoogleAs(page: Page, request: APIRequestContext, person: GooglePerson) {
  await page.route('https://accounts.google.com/gsi/client', async (route) => {
    const token = await googleIdToken(request, person);
    await route.fulfill({
      contentType: 'text/javascript',
      body: `window.google = { accounts: { id: {
        initialize(options) { this.callback = options.callback; },
        prompt() { setTimeout(() => this.callback({ credential: ${JSON.stringify(token)} }), 0); },
      } } };`,
    });
  });
}

interface ApplePerson {
  sub: string;
  email: string;
}

interface AppleClient {
  client_id: string;
  redirect_uri: string | null;
}

/** A code for `person`, handed out by the test issuer to the site's Apple services id. */
async function appleCode(
  request: APIRequestContext,
  person: ApplePerson,
): Promise<{ code: string; client: AppleClient }> {
  const providers = await request.get('/users/social_providers');
  const client = ((await providers.json()) as { data: { apple: AppleClient } }).data.apple;
  const authorized = await request.post(`${await issuerUrl()}/authorize`, {
    // Apple's ID tokens say whether the address is verified as a string.
    data: { ...person, email_verified: 'true', client_id: client.client_id, redirect_uri: client.redirect_uri },
  });
  expect(authorized.status(), await authorized.text()).toBe(200);
  return { code: ((await authorized.json()) as { code: string }).code, client };
}

/**
 * Apple's JS SDK, replaced by one that answers sign-in with a fresh code for `person`, as Apple's
 * window would once the person confirmed, provided the page set it up with the site's services
 * id and return address (a code is good for those only).
 */
async function signsInWithAppleAs(page: Page, request: APIRequestContext, person: ApplePerson) {
  // The address the client loads it from (SDK_URLS in client/src/features/account/social-sdk.ts).
  await page.route(
    'https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/en_US/appleid.auth.js',
    async (route) => {
      const { code, client } = await appleCode(request, person);
      await route.fulfill({
        contentType: 'text/javascript',
        body: `window.AppleID = { auth: {
          init(options) { this.options = options; },
          async signIn() {
            const expected = ${JSON.stringify({ clientId: client.client_id, redirectURI: client.redirect_uri })};
            if (this.options.clientId !== expected.clientId || this.options.redirectURI !== expected.redirectURI) {
              throw { error: 'invalid_client' };
            }
            return { authorization: { code: ${JSON.stringify(code)} } };
          },
        } };`,
      });
    },
  );
}

function newApplePerson(): ApplePerson {
  const tag = randomBytes(5).toString('hex');
  return { sub: `001234.${tag}.0001`, email: `${tag}@privaterelay.appleid.com` };
}

function newGooglePerson(): GooglePerson {
  const tag = randomBytes(5).toString('hex');
  return { sub: `g-${tag}`, email: `ada.${tag}@example.com`, given_name: 'Ada', family_name: `Lovelace${tag}` };
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Menu' }).click();
  const reloaded = page.waitForEvent('load');
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Log out' }).click();
  await reloaded;
}

test('Google: the first sign-in registers, the next one signs in at once', async ({ page, request }) => {
  const person = newGooglePerson();
  const name = `${person.given_name} ${person.family_name}`;
  await prepare(page);
  await signsInWithGoogleAs(page, request, person);

  // First sign-in: nobody has this Google account here yet, so the register screen asks the rest.
  await page.goto('/home?open=login');
  await page.getByRole('dialog', { name: 'Log in' }).getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(/\/register\/google$/);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Register with Google' })).toBeVisible();
  await expect(main).toContainText(person.email); // Google's verified address, not asked again
  await expect(main.getByLabel('Password', { exact: true })).toHaveCount(0);
  await main.getByLabel('Username').fill(`ada_${person.sub.slice(2)}`);
  await main.getByLabel('Country').selectOption('FR');
  await main.getByLabel('Level').selectOption('club');
  await main.getByRole('checkbox', { name: /I accept the terms/ }).check();
  await main.getByRole('button', { name: 'Complete sign-up' }).click();

  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText(`Signed in as ${name}`)).toBeAttached();

  await logOut(page);
  await expect(page.getByText(`Signed in as ${name}`)).toHaveCount(0);

  // Second sign-in: the account is found and signed in, no register screen.
  await page.goto('/home?open=login');
  const overlay = page.getByRole('dialog', { name: 'Log in' });
  await overlay.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(overlay).toHaveCount(0);
  await expect(page.getByText(`Signed in as ${name}`)).toBeAttached();
  await expect(page).toHaveURL(/\/home$/);
});

test('Apple: the first sign-in registers, the next one signs in at once', async ({ page, request }) => {
  const person = newApplePerson();
  // Apple never puts a name in its ID token: the member is known by their username.
  const username = `apple_${person.sub.slice(7, 17)}`;
  await prepare(page);
  await signsInWithAppleAs(page, request, person);

  // First sign-in: the BFF exchanges the code at the issuer, finds nobody, and registration asks
  // the rest (the code is spent: the register call carries the BFF's own token instead).
  await page.goto('/home?open=login');
  await page.getByRole('dialog', { name: 'Log in' }).getByRole('button', { name: 'Continue with Apple' }).click();
  await expect(page).toHaveURL(/\/register\/apple$/);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Register with Apple' })).toBeVisible();
  await expect(main).toContainText(person.email); // Apple's verified address, not asked again
  await expect(main.getByLabel('Password', { exact: true })).toHaveCount(0);
  await main.getByLabel('Username').fill(username);
  await main.getByLabel('Country').selectOption('FR');
  await main.getByLabel('Level').selectOption('club');
  await main.getByRole('checkbox', { name: /I accept the terms/ }).check();
  await main.getByRole('button', { name: 'Complete sign-up' }).click();

  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText(`Signed in as ${username}`)).toBeAttached();

  await logOut(page);
  await expect(page.getByText(`Signed in as ${username}`)).toHaveCount(0);

  // Second sign-in, with a new code: the Apple account is found and signed in at once.
  await page.goto('/home?open=login');
  const overlay = page.getByRole('dialog', { name: 'Log in' });
  await overlay.getByRole('button', { name: 'Continue with Apple' }).click();
  await expect(overlay).toHaveCount(0);
  await expect(page.getByText(`Signed in as ${username}`)).toBeAttached();
  await expect(page).toHaveURL(/\/home$/);
});

test('a provider this site does not offer is a disabled button that says why', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await prepare(page);

  await page.goto('/onboarding');
  const main = page.getByRole('main');
  for (const provider of ['Google', 'Apple']) {
    await expect(main.getByRole('button', { name: `Sign up with ${provider}` })).toBeEnabled();
  }
  const button = main.getByRole('button', { name: 'Sign up with Facebook' });
  await expect(button).toBeDisabled();
  // The BFF's own words, the same its sign-in call would answer.
  await expect(button).toHaveAccessibleDescription('Facebook sign-in is not available on this site.');
  await expect(main.getByText('Facebook sign-in is not available on this site.')).toBeVisible();
  await expect(main.getByText(/(Google|Apple) sign-in is not available/)).toHaveCount(0);

  await page.goto('/home?open=login');
  const overlay = page.getByRole('dialog', { name: 'Log in' });
  await expect(overlay.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
  await expect(overlay.getByRole('button', { name: 'Continue with Apple' })).toBeEnabled();
  const facebook = overlay.getByRole('button', { name: 'Continue with Facebook' });
  await expect(facebook).toBeDisabled();
  await expect(facebook).toHaveAccessibleDescription('Facebook sign-in is not available on this site.');

  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});
