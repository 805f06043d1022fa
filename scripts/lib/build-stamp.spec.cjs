// scripts/lib/build-stamp.mjs (decision 0048): a build is skipped only when its outputs exist and
// its stamp holds the hash of exactly its present inputs. ESM, so it runs in a child Node.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const MODULE = path.join(__dirname, 'build-stamp.mjs');

/** Runs `body` (ESM, with `m` = the module, `root`, `build`) in a child Node; returns what it prints as JSON. */
function inChild(root, body, env = {}) {
  const script = `const m = await import(${JSON.stringify(MODULE)});
const root = ${JSON.stringify(root)};
const build = { name: 'app', inputs: ['src', 'config.json'], outputs: ['out/main.js'], stamp: 'out/.build-stamp' };
const result = await (async () => { ${body} })();
process.stdout.write(JSON.stringify(result));`;
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      env: { PATH: process.env.PATH, ...env },
      encoding: 'utf8',
    }),
  );
}

describe('build stamps', () => {
  let root;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'build-stamp-'));
    fs.mkdirSync(path.join(root, 'src', 'node_modules'), { recursive: true });
    fs.mkdirSync(path.join(root, 'out'));
    fs.writeFileSync(path.join(root, 'src', 'a.ts'), 'export const a = 1;\n');
    fs.writeFileSync(path.join(root, 'config.json'), '{}\n');
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  const hashNow = (env) => inChild(root, 'return m.inputHash(build, { root, env: process.env });', env);
  const upToDate = (hash) => inChild(root, `return m.upToDate(build, ${JSON.stringify(hash)}, root);`);
  const stamp = (hash) => inChild(root, `m.writeStamp(build, ${JSON.stringify(hash)}, root); return true;`);

  it('skips a build only when its outputs exist and its stamp holds the hash of its present inputs', () => {
    const first = hashNow();
    expect(upToDate(first)).toBe(false); // never built: no stamp, no output
    fs.writeFileSync(path.join(root, 'out', 'main.js'), '');
    stamp(first);
    expect(upToDate(first)).toBe(true);
    expect(hashNow()).toBe(first); // nothing changed: same hash

    // Times alone change nothing; content does, and undoing the edit brings the hash back.
    const file = path.join(root, 'src', 'a.ts');
    fs.utimesSync(file, new Date(), new Date(Date.now() + 60_000));
    expect(hashNow()).toBe(first);
    fs.writeFileSync(file, 'export const a = 2;\n');
    const edited = hashNow();
    expect(edited).not.toBe(first);
    expect(upToDate(edited)).toBe(false);
    fs.writeFileSync(file, 'export const a = 1;\n');
    expect(hashNow()).toBe(first);

    // A new file, a removed input, a VITE_ variable: each changes the hash; node_modules does not.
    fs.writeFileSync(path.join(root, 'src', 'node_modules', 'x.js'), 'x');
    expect(hashNow()).toBe(first);
    fs.writeFileSync(path.join(root, 'src', 'b.ts'), '');
    expect(hashNow()).not.toBe(first);
    fs.rmSync(path.join(root, 'src', 'b.ts'));
    fs.rmSync(path.join(root, 'config.json'));
    expect(hashNow()).not.toBe(first);
    fs.writeFileSync(path.join(root, 'config.json'), '{}\n');
    expect(hashNow({ VITE_API_BASE: '/x' })).not.toBe(first);

    // An output gone: built again even with a matching stamp.
    fs.rmSync(path.join(root, 'out', 'main.js'));
    expect(upToDate(first)).toBe(false);
  });
});
