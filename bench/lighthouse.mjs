#!/usr/bin/env node
// Lighthouse 12 (mobile defaults: Moto G-class phone, simulated slow 4G) on /home, /lessons,
// /articles/{id} and /programs of the built client, served by the BFF as `make run` serves it
// (scripts/e2e-server: gunicorn, two workers, a throwaway database). Prints the four category
// scores of each page; exits 1 when one misses its target.
// Usage: npm run build && node bench/lighthouse.mjs [--json] [--keep-reports=DIR] [--runs=N]
// --runs=N runs Lighthouse N times a page and keeps the run of median performance (Lighthouse's
// advice on a noisy machine).
// Needs Debian's Chromium (CHROME_PATH, default /usr/bin/chromium); never downloads a browser.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const asJson = args.includes('--json');
const keepReports = args.find((a) => a.startsWith('--keep-reports='))?.split('=')[1];
const runs = Math.max(1, Number(args.find((a) => a.startsWith('--runs='))?.split('=')[1] ?? 1) || 1);
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
// The flags the end-to-end tests use too (scripts/chromium-flags.json): as root Chromium needs
// --no-sandbox (Lighthouse does not add it); the rest keeps the browser from talking to anything
// but the site.
const CHROME_FLAGS = [
  '--headless=new',
  ...JSON.parse(readFileSync(join(root, 'scripts', 'chromium-flags.json'), 'utf8')),
].join(' ');

function fail(message) {
  console.error(`lighthouse: ${message}`);
  process.exit(2);
}

if (!existsSync(join(process.env.CLIENT_DIST ?? join(root, 'client', 'dist'), 'index.html'))) {
  fail('the client is not built: run `npm run build` first.');
}
if (!existsSync(chrome)) fail(`no Chromium at ${chrome}: apt-get install chromium, or set CHROME_PATH.`);

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

async function waitFor(url, seconds = 60) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

// One visit of each page in a plain headless Chromium first, so that both gunicorn workers have
// answered and the BFF's caches hold the pages' data, as on a site that has been running: the
// first request a fresh worker answers takes seconds, which is start-up, not the page.
function warmUp(url) {
  spawnSync(chrome, [...CHROME_FLAGS.split(' '), '--virtual-time-budget=5000', '--dump-dom', url], {
    stdio: 'ignore',
    timeout: 60_000,
  });
}

function lighthouse(url) {
  const result = spawnSync(
    join(root, 'node_modules', '.bin', 'lighthouse'),
    [url, '--output=json', '--quiet', `--chrome-flags=${CHROME_FLAGS}`],
    { env: { ...process.env, CHROME_PATH: chrome }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (result.status !== 0) throw new Error(`lighthouse failed on ${url}:\n${result.stderr}`);
  return JSON.parse(result.stdout);
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const workdir = mkdtempSync(join(tmpdir(), 'bff-lighthouse-'));
const server = spawn('bash', [join(root, 'scripts', 'e2e-server')], {
  cwd: root,
  env: { ...process.env, PORT: String(port), E2E_WORKDIR: join(workdir, 'site') },
  stdio: ['ignore', 'ignore', 'inherit'],
  detached: true,
});
const stop = () => {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // already gone
  }
};
process.on('exit', stop);

let failed = false;
try {
  await waitFor(`${base}/healthz`);
  const [article] = await (await fetch(`${base}/cms/articles?_limit=1`)).json();
  const pages = ['/home', '/lessons', `/articles/${article.id}`, '/programs'];
  for (let round = 0; round < 2; round += 1) for (const path of pages) warmUp(base + path);
  const rows = [];
  for (const path of pages) {
    const reports = Array.from({ length: runs }, () => lighthouse(base + path));
    reports.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
    const report = reports[Math.floor((reports.length - 1) / 2)];
    if (keepReports) {
      mkdirSync(keepReports, { recursive: true });
      writeFileSync(join(keepReports, `${path.replace(/\W+/g, '_')}.json`), JSON.stringify(report));
    }
    const scores = Object.fromEntries(
      Object.keys(TARGETS).map((key) => [key, Math.round(report.categories[key].score * 100)]),
    );
    const missed = Object.entries(TARGETS)
      .filter(([key, target]) => scores[key] < target)
      .map(([key]) => ({
        category: key,
        audits: report.categories[key].auditRefs
          .filter((ref) => ref.weight > 0 && (report.audits[ref.id].score ?? 1) < 1)
          .map((ref) => `${ref.id} (${report.audits[ref.id].displayValue ?? report.audits[ref.id].score})`),
      }));
    const metrics = Object.fromEntries(
      ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift'].map(
        (id) => [id, report.audits[id].displayValue],
      ),
    );
    if (missed.length) failed = true;
    rows.push({ path, scores, metrics, missed, lighthouse: report.lighthouseVersion });
  }
  if (asJson) {
    console.log(JSON.stringify({ targets: TARGETS, pages: rows }, null, 2));
  } else {
    console.log(`Lighthouse ${rows[0].lighthouse}, mobile defaults, ${chrome}${runs > 1 ? `, median of ${runs} runs` : ''}`);
    console.log(`${'page'.padEnd(16)} ${'perf'.padStart(5)} ${'a11y'.padStart(5)} ${'best'.padStart(5)} ${'seo'.padStart(5)}`);
    for (const { path, scores } of rows) {
      console.log(
        `${path.padEnd(16)} ${[scores.performance, scores.accessibility, scores['best-practices'], scores.seo]
          .map((s) => String(s).padStart(5))
          .join(' ')}`,
      );
    }
    for (const { path, metrics, missed } of rows) {
      console.log(`${path}: ${Object.entries(metrics).map(([k, v]) => `${k} ${v}`).join(', ')}`);
      for (const { category, audits } of missed) console.log(`  missed ${category}: ${audits.join(', ')}`);
    }
    console.log(`targets: performance >= 95, accessibility, best practices and SEO 100`);
  }
} finally {
  stop();
  rmSync(workdir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
