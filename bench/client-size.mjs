#!/usr/bin/env node
// Gzip size of the JavaScript and CSS that /home loads, from the production build in CLIENT_DIST
// (as webpack and scripts/e2e-server read it), client/dist by default.
// Follows index.html's scripts and stylesheets, then the lazy chunks of the home page as the
// webpack runtime names them. Fails (exit 1) above the JavaScript budget.
// Usage: npm run build && node bench/client-size.mjs [--budget-kb=100] [--json]
//        CLIENT_DIST=/tmp/dist npm run build && CLIENT_DIST=/tmp/dist node bench/client-size.mjs
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = process.env.CLIENT_DIST ? resolve(process.env.CLIENT_DIST) : join(root, 'client', 'dist');
const args = process.argv.slice(2);
const budgetKb = Number(args.find((a) => a.startsWith('--budget-kb='))?.split('=')[1] ?? 100);
const HOME_CHUNK = 'home';

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

const homeId = Object.entries(jsMaps.names).find(([, name]) => name === HOME_CHUNK)?.[0];
if (!homeId) fail(`no "${HOME_CHUNK}" chunk in the runtime`);

// The home page's import: either x.e(ID).then(...) or Promise.all([x.e(A),x.e(ID),...]).then(...).
const mainSources = initialJs.filter((url) => url !== runtimeUrl).map((url) => read(url).toString('utf8'));
let homeChunkIds = [homeId];
for (const source of mainSources) {
  for (const [, group] of source.matchAll(/Promise\.all\(\[((?:\w+\.e\(\d+\),?)+)\]\)/g)) {
    const ids = [...group.matchAll(/\.e\((\d+)\)/g)].map(([, id]) => id);
    if (ids.includes(homeId)) homeChunkIds = ids;
  }
}

function chunkFile(maps, id, ext) {
  if (!maps?.hashes?.[id]) return null;
  return `/assets/${maps.names?.[id] ?? id}.${maps.hashes[id]}.${ext}`;
}

const lazyJs = homeChunkIds.map((id) => chunkFile(jsMaps, id, 'js')).filter(Boolean);
const lazyCss = homeChunkIds.map((id) => chunkFile(cssMaps, id, 'css')).filter(Boolean);

function measure(urls) {
  return urls.map((url) => {
    const bytes = read(url);
    return { url, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  });
}

const js = measure([...initialJs, ...lazyJs]);
const css = measure([...initialCss, ...lazyCss]);
const total = (files, key) => files.reduce((sum, file) => sum + file[key], 0);
const kb = (bytes) => (bytes / 1024).toFixed(1);
const jsGzip = total(js, 'gzip');
const over = jsGzip > budgetKb * 1024;

if (args.includes('--json')) {
  console.log(JSON.stringify({ budgetKb, js, css, jsGzip, cssGzip: total(css, 'gzip'), ok: !over }, null, 2));
} else {
  console.log('What /home loads (KB: minified / gzip)');
  for (const file of [...js, ...css])
    console.log(`  ${file.url.padEnd(44)} ${kb(file.raw).padStart(7)} / ${kb(file.gzip).padStart(6)}`);
  console.log(`JavaScript: ${kb(total(js, 'raw'))} KB minified, ${kb(jsGzip)} KB gzip (budget ${budgetKb} KB)`);
  console.log(`CSS:        ${kb(total(css, 'raw'))} KB minified, ${kb(total(css, 'gzip'))} KB gzip`);
  console.log(over ? 'FAIL: the JavaScript of /home is over budget.' : 'OK: within budget.');
}
process.exit(over ? 1 : 0);
