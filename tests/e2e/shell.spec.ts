// The app shell as a visitor meets it: landing, unknown pages, and how the build is served.
import { expect, test } from './support';

const HOME_TITLE = 'Learn chess online with a world champion';
const NOT_FOUND_TEXT = "Oops, that's a blunder! We couldn't find what you were looking for.";

test('the bare root lands on /home with its title and hero', async ({ page }) => {
  await page.goto('/');

  await expect(page).toHaveURL(/\/home$/);
  await expect(page).toHaveTitle(HOME_TITLE);
  await expect(page.getByRole('heading', { level: 1, name: 'Learn from the best' })).toBeVisible();
});

test('an unknown path shows the 404 page, and Back to home leads home', async ({ page }) => {
  await page.goto('/no/such/page');

  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole('heading', { name: NOT_FOUND_TEXT })).toBeVisible();
  await expect(page.getByText('404 ERROR')).toBeVisible();
  await expect(page).toHaveTitle('Page not found');

  await page.getByRole('link', { name: 'Back to home' }).click();

  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Learn from the best' })).toBeVisible();
  await expect(page).toHaveTitle(HOME_TITLE);
});

test('hashed assets are cached for good and index.html is always revalidated', async ({ page }) => {
  const assetResponses: string[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/assets/')) {
      assetResponses.push(response.url());
    }
  });
  const documentResponse = await page.goto('/home');
  await expect(page.getByRole('heading', { name: 'Learn from the best' })).toBeVisible();

  expect(documentResponse?.headers()['cache-control']).toContain('no-cache');
  const script = assetResponses.find((url) => /\/assets\/[\w-]+\.[0-9a-f]{8}\.js$/.test(url));
  expect(script, 'a content-hashed script was loaded').toBeDefined();
  const asset = await page.request.get(script!);
  expect(asset.status()).toBe(200);
  expect(asset.headers()['cache-control']).toContain('immutable');
});

test('a shared lesson link carries its card before any script runs, and the client keeps its title', async ({
  page,
  request,
}) => {
  const title = 'learn chess online - Making a plan in quiet positions';
  const response = await request.get('/lessons/5');
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain(`<title>${title}</title>`);
  expect(html).toContain(`<meta property="og:title" content="${title}">`);
  expect(html).toMatch(/<meta name="twitter:card" content="summary_large_image">/);
  expect(html).toMatch(/<script type="application\/ld\+json">\{[^<]*"@type":"Course"/);

  await page.goto('/lessons/5');
  await expect(page.getByRole('heading', { name: 'Making a plan in quiet positions' })).toBeVisible();
  await expect(page).toHaveTitle(title);
});

test('an unknown lesson is a 404 that still starts the client on its not-found page', async ({ page }) => {
  const response = await page.goto('/lessons/999999');

  expect(response?.status()).toBe(404);
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole('heading', { name: NOT_FOUND_TEXT })).toBeVisible();
});

test('robots.txt is plain text, not the app, and names the sitemap', async ({ request }) => {
  const response = await request.get('/robots.txt');

  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('text/plain');
  const body = await response.text();
  expect(body).toContain('User-agent: *');
  expect(body).not.toContain('<html');
  expect(body).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  expect(await sitemap.text()).toContain('/lessons/5</loc>');
});

test('the favicons are served', async ({ request }) => {
  const ico = await request.get('/favicon.ico');
  expect(ico.status()).toBe(200);
  // An ICO file starts with reserved 0 and type 1.
  expect([...(await ico.body()).subarray(0, 4)]).toEqual([0, 0, 1, 0]);

  const svg = await request.get('/favicon.svg');
  expect(svg.status()).toBe(200);
  expect(svg.headers()['content-type']).toContain('image/svg+xml');
});
