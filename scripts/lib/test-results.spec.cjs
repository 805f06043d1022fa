// How `npm test` judges a level and what it prints last: skipped tests fail the run (jest itself
// exits 0 on them), an unknown level name is an error, the closing line is `N passed, N failed, N skipped`.
'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { LEVELS, parseLevels, countsFromJson, failuresFromJson, judgeLevel, closingLine, lintCounts } = require('./test-results.cjs');

const ROOT = path.resolve(__dirname, '..', '..');
const JEST = path.join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js');

/** Runs the real jest on one generated test file (outside every test level's match) and reads its --json report. */
function runJestOn(source) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahyog-results-'));
  try {
    fs.writeFileSync(path.join(dir, 'sample.check.js'), source);
    const report = path.join(dir, 'report.json');
    const config = JSON.stringify({ rootDir: dir, testMatch: ['<rootDir>/sample.check.js'], testEnvironment: 'node' });
    const r = spawnSync(process.execPath, [JEST, '--config', config, '--ci', '--json', `--outputFile=${report}`], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
    return { code: r.status, counts: countsFromJson(report), failures: failuresFromJson(report, dir) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('npm test: judging a level', () => {
  it('fails a level with a skipped test, and one whose every test is skipped, though jest itself exits 0 on both', () => {
    const partly = runJestOn("it('runs', () => {}); it.skip('is skipped', () => {});\n");
    expect(partly.code).toBe(0);
    expect(partly.counts).toMatchObject({ passed: 1, failed: 0, skipped: 1, total: 2 });
    const judgedPartly = judgeLevel({ code: partly.code }, partly.counts);
    expect(judgedPartly.ok).toBe(false);
    expect(judgedPartly.counts).toMatchObject({ passed: 1, failed: 1, skipped: 1 });
    expect(judgedPartly.note).toBe('1 skipped: skipped tests are not allowed');

    const wholly = runJestOn("describe.skip('a suite', () => { it('a', () => {}); it('b', () => {}); });\n");
    expect(wholly.code).toBe(0);
    expect(wholly.counts).toMatchObject({ passed: 0, failed: 0, skipped: 2, total: 2 });
    expect(judgeLevel({ code: wholly.code }, wholly.counts)).toMatchObject({ ok: false, counts: { passed: 0, failed: 1, skipped: 2 } });
  });

  it('passes a level whose every test ran and passed, and fails one with no tests or a failed one', () => {
    const green = runJestOn("it('a', () => {}); it('b', () => {});\n");
    expect(judgeLevel({ code: green.code }, green.counts)).toEqual({ ok: true, counts: expect.objectContaining({ passed: 2, failed: 0, skipped: 0 }), note: '' });
    const red = runJestOn("it('a', () => {}); it('b', () => { throw new Error('no'); });\n");
    expect(judgeLevel({ code: red.code }, red.counts)).toMatchObject({ ok: false, counts: { passed: 1, failed: 1, skipped: 0 } });
    // the summary names what failed, with the error's first line (CI keeps only the end of a long run)
    expect(red.failures).toEqual(['sample.check.js › b: Error: no']);
    expect(green.failures).toEqual([]);
    expect(judgeLevel({ code: 0 }, { passed: 0, failed: 0, skipped: 0, total: 0 })).toMatchObject({ ok: false, counts: { failed: 1 }, note: 'no tests found' });
  });

  it('closes with exactly `N passed, N failed, N skipped`, never 0 failed on a failed run', () => {
    expect(closingLine([{ passed: 3, failed: 0, skipped: 0 }, { passed: 2, failed: 0, skipped: 0 }], true)).toBe('5 passed, 0 failed, 0 skipped');
    expect(closingLine([{ passed: 3, failed: 1, skipped: 2 }], false)).toBe('3 passed, 1 failed, 2 skipped');
    expect(closingLine([], false)).toBe('0 passed, 1 failed, 0 skipped');
  });
});

describe('npm test: TEST_LEVELS', () => {
  it('takes known names (all by default) and refuses an unknown one', () => {
    expect(parseLevels(undefined)).toEqual(LEVELS);
    expect(parseLevels(' unit , e2e')).toEqual(['unit', 'e2e']);
    expect(() => parseLevels('unit,e2ee')).toThrow('TEST_LEVELS: unknown level "e2ee" (known: lint, unit, e2e, member-web, admin-web, browser, ha)');
    expect(() => parseLevels('unit,')).toThrow('unknown level ""');
  });

  it('scripts/test.mjs stops before starting anything on an unknown name, and its last line is the closing line', () => {
    const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'test.mjs')], {
      cwd: ROOT,
      env: { ...process.env, TEST_LEVELS: 'unit,browsers', NO_COLOR: '1' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('TEST_LEVELS: unknown level "browsers"');
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe('0 passed, 1 failed, 0 skipped');
  });
});

describe('npm test: the lint level counts files', () => {
  it('counts each checked file once, failed when ESLint reports anything in it or Prettier would change it', () => {
    const eslint = JSON.stringify([
      { filePath: '/r/src/a.ts', errorCount: 0, warningCount: 0 },
      { filePath: '/r/src/b.ts', errorCount: 2, warningCount: 0 },
      { filePath: '/r/src/c.ts', errorCount: 0, warningCount: 1 },
      { filePath: '/r/src/d.ts', errorCount: 0, warningCount: 0 },
    ]);
    expect(lintCounts(eslint, ['src/d.ts', 'src/b.ts'], '/r')).toMatchObject({ passed: 1, failed: 3, total: 4 });
    expect(lintCounts(eslint, [], '/r')).toMatchObject({ passed: 2, failed: 2, total: 4 });
    const clean = lintCounts(JSON.stringify([{ filePath: '/r/x.ts', errorCount: 0, warningCount: 0 }]), [], '/r');
    expect(judgeLevel({ code: 0 }, clean).ok).toBe(true);
    expect(judgeLevel({ code: 1 }, lintCounts(eslint, [], '/r')).ok).toBe(false);
  });
});
