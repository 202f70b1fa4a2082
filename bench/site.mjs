// The site as the benchmarks measure it: started as the end-to-end tests start it
// (scripts/e2e-server: gunicorn, two workers, a throwaway database) on a free port, serving the
// built client of `clientDist`, and the ten pages the client's speed targets are held on.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const defaultDist = process.env.CLIENT_DIST ?? join(root, 'client', 'dist');
// The flags the end-to-end tests use too (scripts/chromium-flags.json): as root Chromium needs
// --no-sandbox; the rest keeps the browser from talking to anything but the site.
export const chromiumFlags = JSON.parse(readFileSync(join(root, 'scripts', 'chromium-flags.json'), 'utf8'));

/** Stops the benchmark with exit status 2 when the client is not built or Chromium is missing. */
export function checkPrerequisites(name, dists = [defaultDist]) {
  const fail = (message) => {
    console.error(`${name}: ${message}`);
    process.exit(2);
  };
  for (const dist of dists) {
    if (!existsSync(join(dist, 'index.html'))) fail(`no client built in ${dist}: run \`npm run build\` first.`);
  }
  if (!existsSync(chrome)) fail(`no Chromium at ${chrome}: apt-get install chromium, or set CHROME_PATH.`);
}

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

/** Starts the site on the client built in `clientDist`; resolves once it answers /healthz. */
export async function startSite(clientDist = defaultDist) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const workdir = mkdtempSync(join(tmpdir(), 'bff-bench-'));
  const server = spawn('bash', [join(root, 'scripts', 'e2e-server')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), E2E_WORKDIR: join(workdir, 'site'), CLIENT_DIST: clientDist },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const stop = () => {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    rmSync(workdir, { recursive: true, force: true });
  };
  process.on('exit', stop);
  await waitFor(`${base}/healthz`);
  return { base, stop };
}

/** The ten pages: home, the lessons, an open lesson, the programs, an open program, its first
 * chapter, the articles, the newest article (open ones: a locked item's page is another page),
 * the puzzles (a guest's: the day's puzzle) and the daily puzzle; `--pages=/home,/articles/{id}`
 * in `args` keeps some of them only. */
export async function benchPages(base, args = []) {
  const only = args
    .find((arg) => arg.startsWith('--pages='))
    ?.split('=')[1]
    ?.split(',');
  const pages = await sitePages(base);
  return pages.filter((path) => !only || only.includes(path) || only.includes(path.replace(/\/\d+$/, '/{id}')));
}

async function sitePages(base) {
  const read = async (path) => (await fetch(base + path)).json();
  const [article] = await read('/cms/articles?_limit=1');
  const lesson = (await read('/cms/lessons?_limit=100')).find((item) => !item.locked);
  const program = (await read('/cms/programs?_limit=100')).find((item) => !item.locked);
  const [chapter] = (await read(`/cms/programs/${program.id}`)).chapters;
  return [
    '/home',
    '/lessons',
    `/lessons/${lesson.id}`,
    '/programs',
    `/program/${program.id}`,
    `/program-chapter/${chapter.id}`,
    '/articles',
    `/articles/${article.id}`,
    '/puzzles',
    '/puzzles/daily',
  ];
}
