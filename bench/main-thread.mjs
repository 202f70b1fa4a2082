#!/usr/bin/env node
// The main thread's work at the start of each of the eight pages (bench/site.mjs), as Lighthouse
// counts it in its total blocking time, but from CPU time: each task of the main thread from the
// start of main.js, its CPU time × 4 (Lighthouse's simulated phone) less 50 ms, summed. A task's
// wall time moves with whatever else the host runs; its CPU time much less, so two builds can be
// compared on a busy host, where Lighthouse's own scores mean little. Lighthouse counts from the
// first contentful paint on: the longest task after it, and the CPU time of all the tasks after
// it, say how close a page comes to blocking when the host stretches its tasks.
// Target: every page's blocking (of the first build) at most 150 ms, Lighthouse's total blocking
// time target; exit status 1 otherwise.
// Usage: npm run build && node bench/main-thread.mjs [--visits=N] [--compare=DIR] [--pages=P,...] [--json]
// --quick: the form `make test` runs (scripts/test): one visit of /home, /lessons and the newest
// article (after the first, not counted), held to the same target.
// --compare=DIR serves a second build (CLIENT_DIST=DIR npm run build) beside the first and visits
// the two in turn; the ratio compare/first of the medians says what changed, in one run.
// Needs Debian's Chromium (CHROME_PATH, default /usr/bin/chromium) and Playwright.
import { chromium } from 'playwright';
import { benchPages, checkPrerequisites, chrome, chromiumFlags, defaultDist, startSite } from './site.mjs';

const args = process.argv.slice(2);
const asJson = args.includes('--json');
const quick = args.includes('--quick');
const visitsGiven = args.find((a) => a.startsWith('--visits='))?.split('=')[1];
const visits = Math.max(1, Number(visitsGiven ?? (quick ? 1 : 5)) || 5);
const QUICK_PAGES = '--pages=/home,/lessons,/articles/{id}';
const BLOCKING_TARGET_MS = 150;
const compare = args.find((a) => a.startsWith('--compare='))?.split('=')[1];
const SLOWDOWN = 4;
const BLOCKING_FROM_MS = 50;
// What each visit reports: key and column label.
const METRICS = [
  ['blockingMs', 'blocking'],
  ['longestMs', 'longest'],
  ['afterPaintMs', 'after'],
];

checkPrerequisites('main-thread', compare ? [defaultDist, compare] : [defaultDist]);

/** One visit of `url` in a fresh phone context: the main thread's tasks from the start of main.js. */
async function visit(browser, url) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading'],
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(2500);
  const trace = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
  await context.close();
  // The renderer's main thread that ran the app's main.js (a visit can use more than one renderer).
  const start = trace.find((event) => event.name === 'EvaluateScript' && event.args?.data?.url?.includes('/main.'));
  if (!start) throw new Error(`${url}: the trace shows no evaluation of main.js`);
  const paint = trace.find((event) => event.name === 'firstContentfulPaint' && event.pid === start.pid);
  if (!paint) throw new Error(`${url}: the trace shows no first contentful paint`);
  const runs = trace
    .filter(
      (event) => event.pid === start.pid && event.tid === start.tid && event.ph === 'X' && event.name === 'RunTask',
    )
    .filter((event) => event.ts + event.dur >= start.ts);
  const cpu = (event) => (event.tdur ?? event.dur) / 1000;
  const afterPaint = runs.filter((event) => event.ts >= paint.ts).map(cpu);
  return {
    blockingMs: runs.map(cpu).reduce((sum, ms) => sum + Math.max(0, SLOWDOWN * ms - BLOCKING_FROM_MS), 0),
    longestMs: Math.max(0, ...afterPaint),
    afterPaintMs: afterPaint.reduce((sum, ms) => sum + ms, 0),
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const sites = [await startSite(defaultDist), ...(compare ? [await startSite(compare)] : [])];
const browser = await chromium.launch({ executablePath: chrome, args: chromiumFlags });
const rows = [];
try {
  const pagesGiven = args.some((a) => a.startsWith('--pages='));
  const pages = await benchPages(sites[0].base, quick && !pagesGiven ? [...args, QUICK_PAGES] : args);
  for (const path of pages) {
    const seen = sites.map(() => []);
    // A first visit of each warms the workers and caches; then the builds in turn.
    for (let round = 0; round <= visits; round += 1) {
      for (const [index, site] of sites.entries()) {
        const result = await visit(browser, site.base + path);
        if (round > 0) seen[index].push(result);
      }
    }
    const [first, second] = seen.map((results) =>
      Object.fromEntries(METRICS.map(([key]) => [key, Math.round(median(results.map((r) => r[key])))])),
    );
    // compare/first for each figure (none where the first is 0).
    const ratios = second
      ? Object.fromEntries(METRICS.map(([key]) => [key, first[key] ? second[key] / first[key] : null]))
      : null;
    rows.push({ path, first, second, ratios });
  }
} finally {
  await browser.close();
  for (const site of sites) site.stop();
}

const blocking = rows.filter(({ first }) => first.blockingMs > BLOCKING_TARGET_MS).map(({ path }) => path);
const ok = blocking.length === 0;
if (asJson) {
  console.log(
    JSON.stringify(
      { visits, quick, slowdown: SLOWDOWN, compare: compare ?? null, blockingTargetMs: BLOCKING_TARGET_MS, rows, ok },
      null,
      2,
    ),
  );
} else {
  console.log(
    `main-thread work from CPU time, median of ${visits} visits${compare ? `; then ${compare} and compare/first` : ''}`,
  );
  const cell = (text) => String(text).padStart(9);
  const head = METRICS.map(([, label]) => cell(label) + (compare ? cell('compare') + cell('ratio') : '')).join('');
  console.log(`${'page'.padEnd(16)}${head}`);
  for (const { path, first, second, ratios } of rows) {
    const cells = METRICS.map(([key]) => {
      if (!second) return cell(first[key]);
      return cell(first[key]) + cell(second[key]) + cell(ratios[key] === null ? '-' : ratios[key].toFixed(2));
    });
    console.log(`${path.padEnd(16)}${cells.join('')}`);
  }
  console.log(
    `blocking: each task's ms x${SLOWDOWN} less ${BLOCKING_FROM_MS}, summed (Lighthouse's total blocking time, target <= 150); ` +
      'longest: the longest task after the first contentful paint; after paint: all the tasks after it (ms of CPU here)',
  );
  console.log(
    ok
      ? `OK: every page's blocking within ${BLOCKING_TARGET_MS} ms.`
      : `FAIL: blocking over ${BLOCKING_TARGET_MS} ms on ${blocking.join(', ')}.`,
  );
}
process.exitCode = ok ? 0 : 1;
