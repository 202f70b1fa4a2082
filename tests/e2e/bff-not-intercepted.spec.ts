// The end-to-end tests meet the real BFF: no test's source intercepts its routes, the guard
// catches planted interceptions in the sources and at run time, and a fault makes the real BFF
// fail for the test that set it only.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext, Page, TestInfo } from '@playwright/test';
import { SCOPE_HEADER } from './faults';
import { scanFolder, scanSource } from './route-scan';
import { expect, test } from './support';

test('no test intercepts the BFF and every spec uses the guarded test', ({ baseURL }, testInfo) => {
  expect(scanFolder(testInfo.project.testDir, baseURL)).toEqual([]);
});

const TEST_FILE_HEAD = "import { expect, test } from './support';\n";

// The planted sources spell the interception methods ROUTE, so that this file holds no call that a
// reader (or a search) could take for an interception of the BFF; `spelled` restores the name.
const spelled = (source: string) => source.replaceAll('ROUTE', 'ROUTE'.toLowerCase());

// Each planted line, and what the scan must say about it.
const PLANTED: [string, RegExp][] = [
  ["await page.ROUTE('**/cms/lessons', (route) => route.abort());", /not an absolute URL/],
  ["await page.ROUTE('/content/footer', handler);", /not an absolute URL/],
  ["await context.ROUTE('http://127.0.0.1:8765/users/**', handler);", /site under test/],
  ['await page.ROUTE(`http://localhost:8765/**`, handler);', /must name its host/],
  ["await page.ROUTE('https://**/content/**', handler);", /must name its host/],
  ['await page.ROUTE(/\\/cms\\//, handler);', /literal URL/],
  ["await page.ROUTE((url) => url.pathname.startsWith('/cms'), handler);", /literal URL/],
  ['await page.ROUTE(pattern, handler);', /literal URL/],
  ["await page.ROUTEWebSocket('ws://127.0.0.1:8765/socket', handler);", /not an absolute URL/],
  ["await page['ROUTE']('**/cms/**', handler);", /looked up by name/],
  ['const { route } = page;', /destructured/],
  ['const intercept = page.route.bind(page);', /taken as a value/],
  ["await Reflect.apply(Reflect.get(page, 'ROUTE'), page, ['**/cms/**', handler]);", /used as a string/],
  ["await page.routeFromHAR('answers.har');", /not used/],
  ['const cdp = await context.newCDPSession(page);', /not used/],
  ["await page.addInitScript(() => { window.fetch = async () => new Response('{}'); });", /network functions/],
];

test('the scan finds every planted interception of the BFF', ({ baseURL }) => {
  for (const [line, problem] of PLANTED) {
    const found = scanSource('planted.spec.ts', spelled(TEST_FILE_HEAD + line), baseURL);
    expect(found, line).toHaveLength(1);
    expect(found[0]?.problem, line).toMatch(problem);
    expect(found[0]?.line, line).toBe(2);
  }
});

test('the scan finds a test taken around the guard', ({ baseURL }) => {
  const planted: [string, string, RegExp][] = [
    ['planted.spec.ts', "import { expect, test } from '@playwright/test';", /import test from '.\/support'/],
    [
      'planted.spec.ts',
      "import { test as base } from '@playwright/test';\nimport { test } from './support';",
      /import test from '.\/support'/,
    ],
    [
      'planted.spec.ts',
      "import * as pw from '@playwright/test';\nimport { test } from './support';",
      /namespace import/,
    ],
    ['planted.spec.ts', "import pw from '@playwright/test';\nimport { test } from './support';", /default import/],
    ['planted.spec.ts', "import { test } from './support';\nconst pw = require('@playwright/test');", /at run time/],
    ['planted.spec.ts', "import { expect } from './support';", /a spec must import test/],
    ['helpers.ts', "export { test } from '@playwright/test';", /re-exported/],
  ];
  for (const [file, source, problem] of planted) {
    const problems = scanSource(file, source, baseURL).map((violation) => violation.problem);
    expect(
      problems.some((text) => problem.test(text)),
      `${source}\n${problems.join('\n')}`,
    ).toBe(true);
  }
  // What the tests may do: types from @playwright/test, the guarded test, third-party stubs.
  const allowed = [
    "import type { Page } from '@playwright/test';",
    "import { expect, test } from './support';",
    "await page.route('https://www.dailymotion.com/**', (route) => route.fulfill({ body: '' }));",
    "await context.route('https://*.facebook.net/**', handler, { times: 1 });",
    "await page.unroute('https://www.dailymotion.com/**');",
  ].join('\n');
  expect(scanSource('allowed.spec.ts', allowed, baseURL)).toEqual([]);
});

test('the scan reads every file of the folder', ({ baseURL }, testInfo) => {
  const folder = testInfo.outputPath('planted');
  mkdirSync(join(folder, 'nested'), { recursive: true });
  writeFileSync(join(folder, 'clean.spec.ts'), TEST_FILE_HEAD);
  writeFileSync(
    join(folder, 'nested', 'fails.spec.ts'),
    spelled(`${TEST_FILE_HEAD}await page.ROUTE('**/content/subscribe', handler);\n`),
  );
  writeFileSync(
    join(folder, 'helper.js'),
    spelled("module.exports = (page) => page.ROUTE('**/users/profile', () => {});\n"),
  );

  expect(scanFolder(folder, baseURL).map(({ file, line }) => `${file}:${line}`)).toEqual([
    'helper.js:1',
    'nested/fails.spec.ts:2',
  ]);
});

type Target = Page | BrowserContext;
interface Planted {
  relative(target: Target): Promise<void>;
  site(target: Target, site: string): Promise<void>;
  regex(target: Target): Promise<void>;
  predicate(target: Target): Promise<void>;
  har(target: Target): Promise<void>;
  socket(target: Target): Promise<void>;
  thirdParty(target: Target): Promise<unknown>;
}

/** Interceptions planted outside the scanned folder, for the run-time half of the guard. */
async function plant(testInfo: TestInfo): Promise<Planted> {
  const file = testInfo.outputPath('planted.cjs');
  writeFileSync(
    file,
    spelled(`const handler = (route) => route.abort();
module.exports = {
  relative: (target) => target.ROUTE('**/cms/lessons', handler),
  site: (target, site) => target.ROUTE(site + '/content/**', handler),
  regex: (target) => target.ROUTE(/\\/users\\//, handler),
  predicate: (target) => target.ROUTE(() => true, handler),
  har: (target) => target.ROUTEFromHAR('answers.har'),
  socket: (target) => target.ROUTEWebSocket('**/socket', () => undefined),
  thirdParty: (target) => target.ROUTE('https://player.example.com/**', handler),
};
`),
  );
  return ((await import(pathToFileURL(file).href)) as { default: Planted }).default;
}

async function expectGuarded(target: Target, planted: Planted, site: string): Promise<void> {
  for (const attempt of ['relative', 'site', 'regex', 'predicate', 'har', 'socket'] as const) {
    await expect(planted[attempt](target, site), attempt).rejects.toThrow(/not allowed.*faults/s);
  }
  await planted.thirdParty(target); // a third-party host may be stubbed
}

test('pages and contexts refuse at run time what would intercept the BFF', async ({
  page,
  context,
  browser,
  baseURL,
}, testInfo) => {
  const planted = await plant(testInfo);
  const site = baseURL ?? '';
  await expectGuarded(page, planted, site);
  await expectGuarded(context, planted, site);
  await expectGuarded(await context.newPage(), planted, site);

  // What a test makes itself is guarded too.
  const elsewhere = await browser.newContext({ baseURL });
  try {
    await expectGuarded(elsewhere, planted, site);
    await expectGuarded(await elsewhere.newPage(), planted, site);
  } finally {
    await elsewhere.close();
  }
  const lone = await browser.newPage({ baseURL });
  try {
    await expectGuarded(lone, planted, site);
    await expectGuarded(lone.context(), planted, site);
  } finally {
    await lone.context().close();
  }
});

test("a fault fails the real BFF for its own test's requests only", async ({
  page,
  faults,
  request,
  browser,
  baseURL,
}) => {
  await faults.add({ method: 'GET', path: '/healthz', status: 503, times: 2 });

  const failed = await page.request.get('/healthz');
  expect(failed.status()).toBe(503);
  expect(await failed.json()).toEqual({
    error: {
      code: 'service_unavailable',
      message: 'This service is unavailable at the moment. Please try again later.',
    },
  });
  // Another test's requests, and requests without a scope, meet the BFF as it is.
  const elsewhere = await browser.newContext({ baseURL, extraHTTPHeaders: { [SCOPE_HEADER]: 'another-test' } });
  try {
    expect((await elsewhere.request.get('/healthz')).status()).toBe(200);
  } finally {
    await elsewhere.close();
  }
  expect((await request.get('/healthz')).status()).toBe(200);
  // The page's own requests carry the scope: the second and last time.
  const navigation = await page.goto('/healthz');
  expect(navigation?.status()).toBe(503);
  expect((await page.request.get('/healthz')).status()).toBe(200);
});
