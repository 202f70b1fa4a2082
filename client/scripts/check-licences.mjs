#!/usr/bin/env node
// Fails (exit 1) when a package the browser gets (the production dependency tree, as
// `npm ls --prod` lists it) is under a GPL, AGPL or LGPL licence: the client is shipped to browsers
// and wrapped by the iOS and Android apps, so only permissive licences may go there (client/README.md:
// Playing along). A dual licence passes when one of its choices is permissive ("MIT OR GPL-3.0").
// Usage: node client/scripts/check-licences.mjs [--list]
import { execFileSync } from 'node:child_process';

const COPYLEFT = /\b(A|L)?GPL\b|GNU (Affero |Lesser )?General Public/i;

function listTree() {
  try {
    return execFileSync('npm', ['ls', '--prod', '--all', '--json', '--long'], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    // npm ls exits non-zero on extraneous or invalid packages but still prints the tree.
    if (error.stdout) return error.stdout;
    throw error;
  }
}

/** The licence a package.json states, as one expression. */
function licenceOf(entry) {
  const { license, licenses } = entry;
  if (typeof license === 'string') return license;
  if (license && typeof license.type === 'string') return license.type;
  if (Array.isArray(licenses)) return licenses.map((item) => item.type ?? item).join(' OR ');
  return null;
}

function allowed(expression) {
  const choices = expression.replace(/[()]/g, '').split(/\s+OR\s+/i);
  return choices.some((choice) => !COPYLEFT.test(choice));
}

const tree = JSON.parse(listTree());
const seen = new Map();
(function walk(dependencies = {}) {
  for (const [name, entry] of Object.entries(dependencies)) {
    // A peer dependency left uninstalled (optional) is not in the bundle.
    if (!entry.version || entry.missing) continue;
    const id = `${name}@${entry.version}`;
    if (seen.has(id)) continue;
    seen.set(id, licenceOf(entry));
    walk(entry.dependencies);
  }
})(tree.dependencies);

const refused = [...seen].filter(([, licence]) => licence && !allowed(licence));
const unknown = [...seen].filter(([, licence]) => !licence);
if (process.argv.includes('--list')) for (const [id, licence] of seen) console.log(`${id}\t${licence ?? '?'}`);
for (const [id] of unknown) console.warn(`check-licences: ${id} states no licence: check it by hand.`);
if (refused.length) {
  for (const [id, licence] of refused) console.error(`check-licences: ${id} is ${licence}: not allowed in the client.`);
  process.exit(1);
}
console.log(`check-licences: ${seen.size} production packages, none under a GPL-family licence.`);
