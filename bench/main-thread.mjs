#!/usr/bin/env node
// The main thread's work at the start of each of the ten pages (bench/site.mjs), as Lighthouse
// counts it in its total blocking time, but from CPU time: each task of the main thread from the
// start of main.js, its CPU time × the slowdown (below) less 50 ms, summed. A task's
// wall time moves with whatever else the host runs; its CPU time much less, so two builds can be
// compared on a busy host, where Lighthouse's own scores mean little. Lighthouse counts from the
// first contentful paint on: the longest task after it, and the CPU time of all the tasks after
// it, say how close a page comes to blocking when the host stretches its tasks.
// Target: every page's blocking (of the first build) at most 150 ms, Lighthouse's total blocking
// time target; exit status 1 otherwise.
// The slowdown makes this host the phone Lighthouse means: its 4x is calibrated for a high-end
// desktop (benchmarkIndex 1500 to 2000), so a host of another class gets 4 x its index / 1750
// (at least 1), its index measured by Lighthouse's own benchmark in this Chromium: the median of
// three runs before the visits and one after each round of them. --slowdown=N sets it instead.
// Usage: npm run build && node bench/main-thread.mjs [--visits=N] [--compare=DIR] [--pages=P,...] [--slowdown=N] [--json]
// --quick: the form `make test` runs (scripts/test): three visits of /home, /lessons and the
// newest article (after the first, not counted), held to twice the target: on a busy host the
// benchmark index the slowdown comes from moves between runs (/articles/29 measured 96 and 211 ms
// on one build a few minutes apart), so the quick form catches a page that doubles its work and
// the full form holds the target.
// --compare=DIR serves a second build (CLIENT_DIST=DIR npm run build) beside the first and visits
// the two in turn; the ratio compare/first of the medians says what changed, in one run.
// Needs Debian's Chromium (CHROME_PATH, default /usr/bin/chromium) and Playwright.
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { chromium } from 'playwright';
import { benchPages, checkPrerequisites, chrome, chromiumFlags, defaultDist, startSite } from './site.mjs';

const args = process.argv.slice(2);
const asJson = args.includes('--json');
const quick = args.includes('--quick');
const visitsGiven = args.find((a) => a.startsWith('--visits='))?.split('=')[1];
const visits = Math.max(1, Number(visitsGiven ?? (quick ? 3 : 5)) || 5);
const QUICK_PAGES = '--pages=/home,/lessons,/articles/{id}';
const BLOCKING_TARGET_MS = quick ? 300 : 150;
const compare = args.find((a) => a.startsWith('--compare='))?.split('=')[1];
// Lighthouse's CPU slowdown and the benchmarkIndex it is calibrated for (the middle of its
// high-end desktop class).
const LIGHTHOUSE_SLOWDOWN = 4;
const LIGHTHOUSE_HOST_INDEX = 1750;
const slowdownGiven = Number(args.find((a) => a.startsWith('--slowdown='))?.split('=')[1]) || null;
const BLOCKING_FROM_MS = 50;
// What each visit reports: key and column label.
const METRICS = [
  ['blockingMs', 'blocking'],
  ['longestMs', 'longest'],
  ['afterPaintMs', 'after'],
];

checkPrerequisites('main-thread', compare ? [defaultDist, compare] : [defaultDist]);

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Lighthouse's benchmarkIndex of this host, one run in `page` (about a second). */
const benchmarkIndex = (page) => page.evaluate(pageFunctions.computeBenchmarkIndex);

/** The slowdown that makes a host of `index` the phone Lighthouse means. */
const slowdownFor = (index) => Math.max(1, (LIGHTHOUSE_SLOWDOWN * index) / LIGHTHOUSE_HOST_INDEX);

/** One visit of `url` in a fresh phone context: the CPU time (ms) of each of the main thread's
 * tasks from the start of main.js, and of those from the first contentful paint on. */
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
  return { tasks: runs.map(cpu), afterPaint: runs.filter((event) => event.ts >= paint.ts).map(cpu) };
}

/** A visit's figures at `slowdown`. */
const figures = ({ tasks, afterPaint }, slowdown) => ({
  blockingMs: tasks.reduce((sum, ms) => sum + Math.max(0, slowdown * ms - BLOCKING_FROM_MS), 0),
  longestMs: Math.max(0, ...afterPaint),
  afterPaintMs: afterPaint.reduce((sum, ms) => sum + ms, 0),
});

const sites = [await startSite(defaultDist), ...(compare ? [await startSite(compare)] : [])];
const browser = await chromium.launch({ executablePath: chrome, args: chromiumFlags });
const visited = [];
// The host's benchmarkIndex, measured before the visits (after a run that warms V8 up) and after
// each round of them, so that the slowdown follows what the host gave while the visits ran.
const indexes = [];
const host = { index: null, slowdown: slowdownGiven };
try {
  const bench = slowdownGiven ? null : await browser.newPage();
  const measureHost = async (runs) => {
    for (let run = 0; bench && run < runs; run += 1) indexes.push(await benchmarkIndex(bench));
  };
  if (bench) await benchmarkIndex(bench);
  await measureHost(3);
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
      if (round > 0) await measureHost(1);
    }
    visited.push({ path, seen });
  }
} finally {
  await browser.close();
  for (const site of sites) site.stop();
}
if (!slowdownGiven) {
  host.index = Math.round(median(indexes));
  host.slowdown = slowdownFor(host.index);
}
const rows = visited.map(({ path, seen }) => {
  const [first, second] = seen.map((results) =>
    Object.fromEntries(
      METRICS.map(([key]) => [key, Math.round(median(results.map((r) => figures(r, host.slowdown)[key])))]),
    ),
  );
  // compare/first for each figure (none where the first is 0).
  const ratios = second
    ? Object.fromEntries(METRICS.map(([key]) => [key, first[key] ? second[key] / first[key] : null]))
    : null;
  return { path, first, second, ratios };
});

const blocking = rows.filter(({ first }) => first.blockingMs > BLOCKING_TARGET_MS).map(({ path }) => path);
const ok = blocking.length === 0;
if (asJson) {
  console.log(
    JSON.stringify(
      {
        visits,
        quick,
        benchmarkIndex: host.index,
        slowdown: host.slowdown,
        compare: compare ?? null,
        blockingTargetMs: BLOCKING_TARGET_MS,
        rows,
        ok,
      },
      null,
      2,
    ),
  );
} else {
  console.log(
    `main-thread work from CPU time, median of ${visits} visits${compare ? `; then ${compare} and compare/first` : ''}; ` +
      `slowdown ${host.slowdown.toFixed(1)}${host.index ? ` (Lighthouse benchmarkIndex ${host.index})` : ''}`,
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
    `blocking: each task's ms x${host.slowdown.toFixed(1)} less ${BLOCKING_FROM_MS}, summed (Lighthouse's total blocking time, target <= 150${quick ? `, ${BLOCKING_TARGET_MS} in the quick form` : ''}); ` +
      'longest: the longest task after the first contentful paint; after paint: all the tasks after it (ms of CPU here)',
  );
  console.log(
    ok
      ? `OK: every page's blocking within ${BLOCKING_TARGET_MS} ms.`
      : `FAIL: blocking over ${BLOCKING_TARGET_MS} ms on ${blocking.join(', ')}.`,
  );
}
process.exitCode = ok ? 0 : 1;
