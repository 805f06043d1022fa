// Build only what changed (issue 22 §8, decision 0048): each build's inputs — the paths and
// contents of its sources and configuration, the Node version and the VITE_* variables — are
// hashed; after a successful build the hash is written to a stamp file inside its output. The next
// `npm run up` skips a build whose stamp holds the same hash and whose outputs are all there.
// A content hash, not file times: a checkout, a `git stash` round trip or a copied tree touches
// times without changing anything, and an edit undone within the second changes content only.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './util.mjs';

const SKIP_DIRS = new Set(['node_modules', 'dist', 'dist-prerender', 'coverage', '.data', '.git']);

/** The builds `npm run up` needs, each with what goes in and what comes out. */
export const BUILDS = [
  {
    name: 'api',
    command: ['npm', ['run', '--silent', 'build:api']],
    inputs: ['src', 'migrations', 'tsconfig.json', 'tsconfig.migrations.json', 'nest-cli.json', 'package.json', 'package-lock.json'],
    outputs: ['dist/main.js', 'dist/cli/migrate.js', 'dist/cli/seed.js'],
    stamp: 'dist/.build-stamp',
  },
  {
    name: 'member-web',
    command: ['npm', ['run', '--silent', 'build', '-w', 'member-web']],
    // transparency-page imports docs/ledger-format.md; the build runs scripts/precompress.mjs
    inputs: ['member-web', 'docs/ledger-format.md', 'scripts/precompress.mjs', 'package.json', 'package-lock.json'],
    outputs: ['member-web/dist/index.html'],
    stamp: 'member-web/dist/.build-stamp',
  },
  {
    name: 'admin-web',
    command: ['npm', ['run', '--silent', 'build', '-w', 'admin-web']],
    // dataProvider imports the published digest's type from the API's sources
    inputs: ['admin-web', 'src/platform/event-store/published-digest.ts', 'scripts/precompress.mjs', 'package.json', 'package-lock.json'],
    outputs: ['admin-web/dist/index.html'],
    stamp: 'admin-web/dist/.build-stamp',
  },
];

function filesUnder(root, rel, out) {
  const abs = path.join(root, rel);
  let stat;
  try {
    stat = fs.statSync(abs);
  } catch {
    out.push([rel, null]); // a missing input is part of the hash too
    return;
  }
  if (stat.isFile()) {
    out.push([rel, abs]);
    return;
  }
  if (!stat.isDirectory()) return;
  for (const entry of fs.readdirSync(abs, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (entry.isDirectory() && SKIP_DIRS.has(entry.name)) continue;
    if (entry.isDirectory() || entry.isFile()) filesUnder(root, path.posix.join(rel, entry.name), out);
  }
}

/** sha256 over the build's inputs (path, length, content of each file, in path order), Node's version and VITE_* variables. */
export function inputHash(build, { root = ROOT, env = process.env } = {}) {
  const hash = crypto.createHash('sha256');
  hash.update(`node ${process.version}\n`);
  for (const key of Object.keys(env).filter((k) => k.startsWith('VITE_')).sort()) hash.update(`env ${key}=${env[key]}\n`);
  const files = [];
  for (const input of build.inputs) filesUnder(root, input, files);
  for (const [rel, abs] of files) {
    if (abs === null) {
      hash.update(`missing ${rel}\n`);
      continue;
    }
    const content = fs.readFileSync(abs);
    hash.update(`file ${rel} ${content.length}\n`);
    hash.update(content);
  }
  return hash.digest('hex');
}

/** Whether the build's outputs are there and were built from exactly these inputs. */
export function upToDate(build, hash, root = ROOT) {
  if (!build.outputs.every((f) => fs.existsSync(path.join(root, f)))) return false;
  try {
    return fs.readFileSync(path.join(root, build.stamp), 'utf8').trim() === hash;
  } catch {
    return false;
  }
}

/** After a successful build: its stamp, so the next run can skip it. */
export function writeStamp(build, hash, root = ROOT) {
  fs.writeFileSync(path.join(root, build.stamp), `${hash}\n`);
}
