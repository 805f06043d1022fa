// Lists the paths named in README.md and docs/*.md (in `backticks`) that do not exist.
// A path is looked up from the repository root, then under src/, src/modules/, and the folder of
// each context (the contexts table names files relative to its context). `{a,b}` is expanded;
// names with <placeholders>, globs, URLs and shell commands are passed over.
// Usage: node scripts/check-doc-paths.mjs   (exit 1 when something is missing)
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

const root = path.join(import.meta.dirname, '..');
const docs = [
  'README.md',
  ...fs
    .readdirSync(path.join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const contexts = fs
  .readdirSync(path.join(root, 'src/modules'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => `src/modules/${d.name}`);
const features = fs.readdirSync(path.join(root, 'member-web/src/features')).map((f) => `member-web/src/features/${f}`);
const bases = [
  ...features,
  '',
  'src',
  'src/modules',
  'src/platform',
  'src/api',
  'src/api/member',
  'src/api/admin',
  'src/worker',
  ...contexts,
  'member-web',
  'member-web/src',
  'member-web/src/features',
  'admin-web',
  'admin-web/src',
  'test',
  'docs',
];
// A file (by its ending) or a folder (ending in /); routes, MIME types and event names are not paths.
const looksLikePath = (t) => /^[\w.@/{},-]+(\.(ts|tsx|mjs|js|json|md|html|sql|yml|pem)|\/)$/.test(t);
// Made at run time or by a build, not in the repository.
const GENERATED =
  /^(\.data|\.test-artifacts|dist|member-web\/dist|admin-web\/dist|appendonlydir)(\/|$)|^(secrets|ledger-last-digest|digest)\.json$|^ledger-(signing|public)-key\.pem$/;
// A bare file name stands for a file of that name anywhere in the repository.
const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n');
const names = new Set(tracked.map((f) => path.basename(f)));
const expand = (t) => {
  const m = t.match(/\{([^}]*)\}/);
  return m ? m[1].split(',').flatMap((part) => expand(t.replace(m[0], part))) : [t];
};

let missing = 0;
for (const doc of docs) {
  const text = fs.readFileSync(path.join(root, doc), 'utf8');
  for (const [, token] of text.matchAll(/`([^`\s]+)`/g)) {
    const name = token.replace(/^\.\//, '');
    if (name.startsWith('.') && !name.startsWith('.data') && !name.startsWith('.test-artifacts')) continue; // an ending: `.dto.ts`
    if (!looksLikePath(name) || /[<>*]/.test(token) || token.includes('://') || GENERATED.test(name)) continue;
    for (const candidate of expand(name.replace(/:\d+(-\d+)?$/, ''))) {
      const found =
        (!candidate.includes('/') && names.has(candidate)) ||
        bases.some((b) => fs.existsSync(path.join(root, b, candidate)));
      if (!found && !candidate.startsWith('../') && !candidate.startsWith('shared/')) {
        console.log(`${doc}: ${candidate}`);
        missing++;
      }
    }
  }
}
console.log(missing ? `${missing} paths named in the docs do not exist` : 'every path named in the docs exists');
process.exitCode = missing ? 1 : 0;
