#!/usr/bin/env node
// Gzip size of the JavaScript and CSS that /home loads, from the production build in CLIENT_DIST
// (as webpack and scripts/e2e-server read it), client/dist by default.
// Follows index.html's scripts and stylesheets, then the lazy chunks of the home page as the
// webpack runtime names them. Fails (exit 1) above the JavaScript budget.
// Then the board's chunk (components/board/: the board, chess.js and what uses them) with the
// chunks loaded beside it: fails above its own budget, or when chess code is in /home's load.
// Usage: npm run build && node bench/client-size.mjs [--budget-kb=100] [--board-budget-kb=45] [--json]
//        CLIENT_DIST=/tmp/dist npm run build && CLIENT_DIST=/tmp/dist node bench/client-size.mjs
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = process.env.CLIENT_DIST ? resolve(process.env.CLIENT_DIST) : join(root, 'client', 'dist');
const args = process.argv.slice(2);
const budgetKb = Number(args.find((a) => a.startsWith('--budget-kb='))?.split('=')[1] ?? 100);
const boardBudgetKb = Number(args.find((a) => a.startsWith('--board-budget-kb='))?.split('=')[1] ?? 45);
const HOME_CHUNK = 'home';
const BOARD_CHUNK = 'board';
// chess.js's starting position: its code is in a script if this is.
const CHESS_MARK = 'rnbqkbnr/pppppppp';

function fail(message) {
  console.error(`client-size: ${message}`);
  process.exit(2);
}

if (!existsSync(join(dist, 'index.html'))) fail(`${join(dist, 'index.html')} is missing: run \`npm run build\` first.`);
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const read = (url) => readFileSync(join(dist, url.replace(/^\//, '')));

const attr = (tag, name) => tag.match(new RegExp(`${name}=["']?([^"'\\s>]+)`))?.[1];
const initialJs = [...html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => attr(tag, 'src')).filter(Boolean);
const initialCss = [...html.matchAll(/<link\b[^>]*>/g)]
  .map(([tag]) => tag)
  .filter((tag) => /rel=["']?stylesheet/.test(tag))
  .map((tag) => attr(tag, 'href'));

// The runtime maps chunk ids to names and content hashes, for scripts (r.u) and styles (miniCssF).
const runtimeUrl = initialJs.find((url) => /\/runtime\./.test(url));
if (!runtimeUrl) fail('no runtime chunk in index.html');
const runtime = read(runtimeUrl).toString('utf8');

function objectLiteral(source) {
  return Object.fromEntries([...source.matchAll(/(\d+):"([^"]+)"/g)].map(([, id, value]) => [id, value]));
}

// The first two object literals after the marker: {id:"name"} then {id:"hash"}.
function chunkMaps(marker) {
  const start = runtime.indexOf(marker);
  if (start < 0) return null;
  const body = runtime.slice(start);
  const objects = [...body.matchAll(/\{(\d+:"[^"]+"(?:,\d+:"[^"]+")*)\}/g)]
    .slice(0, 2)
    .map(([, o]) => objectLiteral(o));
  const [names, hashes] = objects;
  return { names, hashes };
}

const jsMaps = chunkMaps('.u=');
const cssMaps = chunkMaps('.miniCssF=');
if (!jsMaps?.names || !jsMaps.hashes) fail('could not read the chunk map from the runtime');

const chunkId = (name) => Object.entries(jsMaps.names).find(([, chunk]) => chunk === name)?.[0];
const homeId = chunkId(HOME_CHUNK);
if (!homeId) fail(`no "${HOME_CHUNK}" chunk in the runtime`);
const boardId = chunkId(BOARD_CHUNK);
if (!boardId) fail(`no "${BOARD_CHUNK}" chunk in the runtime`);

function chunkFile(maps, id, ext) {
  if (!maps?.hashes?.[id]) return null;
  return `/assets/${maps.names?.[id] ?? id}.${maps.hashes[id]}.${ext}`;
}

/** The chunks an import of chunk `id` loads, as the scripts in `sources` ask for them: either
 * x.e(ID).then(...) or Promise.all([x.e(A),x.e(ID),...]).then(...). */
function loadedWith(id, sources) {
  let ids = [id];
  for (const source of sources) {
    for (const [, group] of source.matchAll(/Promise\.all\(\[((?:\w+\.e\(\d+\),?)+)\]\)/g)) {
      const found = [...group.matchAll(/\.e\((\d+)\)/g)].map(([, chunk]) => chunk);
      if (found.includes(id) && found.length > ids.length) ids = found;
    }
  }
  return ids;
}

const mainSources = initialJs.filter((url) => url !== runtimeUrl).map((url) => read(url).toString('utf8'));
const homeChunkIds = loadedWith(homeId, mainSources);
const lazyJs = homeChunkIds.map((id) => chunkFile(jsMaps, id, 'js')).filter(Boolean);
const lazyCss = homeChunkIds.map((id) => chunkFile(cssMaps, id, 'css')).filter(Boolean);

// The board is imported by the pages that show it (lazy chunks themselves): every script may ask.
const allSources = Object.keys(jsMaps.hashes)
  .map((id) => chunkFile(jsMaps, id, 'js'))
  .filter((url) => url && existsSync(join(dist, url)))
  .map((url) => read(url).toString('utf8'));
const initialChunkUrls = new Set(initialJs);
const boardChunkIds = loadedWith(boardId, allSources);
// What the page has loaded already (the first load's shared chunks) is not the board's cost.
const boardJs = boardChunkIds
  .map((id) => chunkFile(jsMaps, id, 'js'))
  .filter((url) => url && !initialChunkUrls.has(url));
const boardCss = boardChunkIds.map((id) => chunkFile(cssMaps, id, 'css')).filter(Boolean);

function measure(urls) {
  return urls.map((url) => {
    const bytes = read(url);
    return { url, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  });
}

const js = measure([...initialJs, ...lazyJs]);
const css = measure([...initialCss, ...lazyCss]);
const board = { js: measure(boardJs), css: measure(boardCss) };
const total = (files, key) => files.reduce((sum, file) => sum + file[key], 0);
const kb = (bytes) => (bytes / 1024).toFixed(1);
const jsGzip = total(js, 'gzip');
const over = jsGzip > budgetKb * 1024;
const boardGzip = total(board.js, 'gzip');
const boardOver = boardGzip > boardBudgetKb * 1024;
// chess.js in what /home loads: the board has slipped out of its own chunk.
const chessAtHome = js.some((file) => read(file.url).toString('utf8').includes(CHESS_MARK));
const ok = !over && !boardOver && !chessAtHome;

if (args.includes('--json')) {
  const boardSummary = { budgetKb: boardBudgetKb, ...board, jsGzip: boardGzip, cssGzip: total(board.css, 'gzip') };
  console.log(
    JSON.stringify(
      { budgetKb, js, css, jsGzip, cssGzip: total(css, 'gzip'), board: boardSummary, chessAtHome, ok },
      null,
      2,
    ),
  );
} else {
  const list = (files) => {
    for (const file of files)
      console.log(`  ${file.url.padEnd(44)} ${kb(file.raw).padStart(7)} / ${kb(file.gzip).padStart(6)}`);
  };
  console.log('What /home loads (KB: minified / gzip)');
  list([...js, ...css]);
  console.log(`JavaScript: ${kb(total(js, 'raw'))} KB minified, ${kb(jsGzip)} KB gzip (budget ${budgetKb} KB)`);
  console.log(`CSS:        ${kb(total(css, 'raw'))} KB minified, ${kb(total(css, 'gzip'))} KB gzip`);
  console.log(over ? 'FAIL: the JavaScript of /home is over budget.' : 'OK: within budget.');
  if (chessAtHome) console.log('FAIL: chess.js is in what /home loads: the board must stay in its own chunk.');
  console.log('\nThe board chunk, with what loads beside it (KB: minified / gzip)');
  list([...board.js, ...board.css]);
  console.log(
    `JavaScript: ${kb(total(board.js, 'raw'))} KB minified, ${kb(boardGzip)} KB gzip (budget ${boardBudgetKb} KB)`,
  );
  console.log(`CSS:        ${kb(total(board.css, 'raw'))} KB minified, ${kb(total(board.css, 'gzip'))} KB gzip`);
  console.log(boardOver ? 'FAIL: the board chunk is over budget.' : 'OK: within budget.');
}
process.exit(ok ? 0 : 1);
