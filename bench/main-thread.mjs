#!/usr/bin/env node
// The main thread's work at the start of each of the seven pages (bench/site.mjs), as Lighthouse
// counts it in its total blocking time, but from CPU time: each task of the main thread from the
// start of main.js, its CPU time × 4 (Lighthouse's simulated phone) less 50 ms, summed. A task's
// wall time moves with whatever else the host runs; its CPU time much less, so two builds can be
// compared on a busy host, where Lighthouse's own scores mean little.
// Usage: npm run build && node bench/main-thread.mjs [--visits=N] [--compare=DIR] [--pages=P,...] [--json]
// --compare=DIR serves a second build (CLIENT_DIST=DIR npm run build) beside the first and visits
// the two in turn; the ratio compare/first of the medians says what changed, in one run.
// Needs Debian's Chromium (CHROME_PATH, default /usr/bin/chromium) and Playwright.
import { chromium } from 'playwright';
import { benchPages, checkPrerequisites, chrome, chromiumFlags, defaultDist, startSite } from './site.mjs';

const args = process.argv.slice(2);
const asJson = args.includes('--json');
const visits = Math.max(1, Number(args.find((a) => a.startsWith('--visits='))?.split('=')[1] ?? 5) || 5);
const compare = args.find((a) => a.startsWith('--compare='))?.split('=')[1];
// --pages=/home,/lessons: some of the seven only.
const only = args
  .find((a) => a.startsWith('--pages='))
  ?.split('=')[1]
  ?.split(',');
const SLOWDOWN = 4;
const BLOCKING_FROM_MS = 50;

checkPrerequisites('main-thread', compare ? [defaultDist, compare] : [defaultDist]);

/** One visit of `url` in a fresh phone context: the main thread's tasks from the start of main.js. */
async function visit(browser, url) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(2500);
  const trace = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
  await context.close();
  // The renderer's main thread that ran the app's main.js (a visit can use more than one renderer).
  const start = trace.find((event) => event.name === 'EvaluateScript' && event.args?.data?.url?.includes('/main.'));
  if (!start) throw new Error(`${url}: the trace shows no evaluation of main.js`);
  const tasks = trace
    .filter(
      (event) => event.pid === start.pid && event.tid === start.tid && event.ph === 'X' && event.name === 'RunTask',
    )
    .filter((event) => event.ts + event.dur >= start.ts)
    .map((event) => (event.tdur ?? event.dur) / 1000);
  return {
    blockingMs: tasks.reduce((sum, cpu) => sum + Math.max(0, SLOWDOWN * cpu - BLOCKING_FROM_MS), 0),
    longestMs: Math.max(0, ...tasks),
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const sites = [await startSite(defaultDist), ...(compare ? [await startSite(compare)] : [])];
const browser = await chromium.launch({ executablePath: chrome, args: chromiumFlags });
const rows = [];
try {
  const pages = (await benchPages(sites[0].base)).filter(
    (path) => !only || only.includes(path.replace(/\/\d+$/, '/{id}')) || only.includes(path),
  );
  for (const path of pages) {
    const seen = sites.map(() => []);
    // A first visit of each warms the workers and caches; then the builds in turn.
    for (let round = 0; round <= visits; round += 1) {
      for (const [index, site] of sites.entries()) {
        const result = await visit(browser, site.base + path);
        if (round > 0) seen[index].push(result);
      }
    }
    const [first, second] = seen.map((results) => ({
      blockingMs: Math.round(median(results.map((r) => r.blockingMs))),
      longestMs: Math.round(median(results.map((r) => r.longestMs))),
    }));
    rows.push({
      path,
      first,
      second,
      ratio: second && first.blockingMs ? second.blockingMs / first.blockingMs : null,
      // Once neither blocks, the longest task says how close a page is to blocking.
      longestRatio: second && first.longestMs ? second.longestMs / first.longestMs : null,
    });
  }
} finally {
  await browser.close();
  for (const site of sites) site.stop();
}

if (asJson) {
  console.log(JSON.stringify({ visits, slowdown: SLOWDOWN, compare: compare ?? null, rows }, null, 2));
} else {
  console.log(
    `main-thread blocking from CPU time (x${SLOWDOWN} less ${BLOCKING_FROM_MS} ms a task), median of ${visits} visits`,
  );
  const head = compare
    ? `${'compare'.padStart(9)} ${'ratio'.padStart(6)} ${'longest'.padStart(8)} ${'ratio'.padStart(6)}`
    : '';
  console.log(`${'page'.padEnd(16)} ${'blocking'.padStart(9)} ${'longest'.padStart(8)} ${head}`);
  const shown = (ratio) => (ratio === null ? '-' : ratio.toFixed(2)).padStart(6);
  for (const { path, first, second, ratio, longestRatio } of rows) {
    const tail = second
      ? `${String(second.blockingMs).padStart(9)} ${shown(ratio)} ${String(second.longestMs).padStart(8)} ${shown(longestRatio)}`
      : '';
    console.log(
      `${path.padEnd(16)} ${String(first.blockingMs).padStart(9)} ${String(first.longestMs).padStart(8)} ${tail}`,
    );
  }
  console.log(
    'blocking: ms a phone would be blocked (Lighthouse target: total blocking time <= 150); longest: the longest task, ms of CPU here',
  );
}
