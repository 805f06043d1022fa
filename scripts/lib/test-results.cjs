// How `npm test` (scripts/test.mjs) reads a test runner's result and judges a level, apart from
// the code that starts servers, so that scripts/lib/test-results.spec.cjs can run it on real
// jest output. CommonJS, so both test.mjs (ESM) and jest (CommonJS) load it as it is.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

/** The levels `npm test` knows, in the order it runs them (`ha`, the HA drill, last: it is the slowest to set up). */
const LEVELS = ['lint', 'unit', 'e2e', 'member-web', 'admin-web', 'browser', 'ha'];

/** TEST_LEVELS → the levels to run; an unknown or empty name is an error, never silently nothing. */
function parseLevels(value) {
  if (value === undefined || value.trim() === '') return [...LEVELS];
  const wanted = value.split(',').map((s) => s.trim());
  const unknown = wanted.filter((name) => !LEVELS.includes(name));
  if (unknown.length > 0) {
    throw new Error(`TEST_LEVELS: unknown level ${unknown.map((n) => `"${n}"`).join(', ')} (known: ${LEVELS.join(', ')})`);
  }
  return wanted;
}

/** Counts from a jest --json or vitest json-reporter file (same field names). */
function countsFromJson(file) {
  try {
    const j = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (typeof j.numTotalTests !== 'number') return null;
    return {
      passed: j.numPassedTests,
      failed: j.numFailedTests,
      skipped: (j.numPendingTests || 0) + (j.numTodoTests || 0),
      total: j.numTotalTests,
      failedSuites: j.numFailedTestSuites || 0,
      // jest counts a suite whose every test is skipped as "pending", not in the test counts' failures
      skippedSuites: j.numPendingTestSuites || 0,
      suites: j.numTotalTestSuites || 0,
    };
  } catch {
    return null;
  }
}

/**
 * The failed tests named in a jest or vitest JSON report ("file › test: first line of the error"),
 * so a failure shows in the last lines of a long run (CI keeps only part of the output).
 */
function failuresFromJson(file, root) {
  try {
    const j = JSON.parse(fs.readFileSync(file, 'utf8'));
    const out = [];
    for (const suite of j.testResults || []) {
      const where = root ? path.relative(root, suite.name || '') : suite.name || '';
      const failed = (suite.assertionResults || []).filter((a) => a.status === 'failed');
      for (const a of failed) {
        const first = String((a.failureMessages || [])[0] || '').replace(/\x1b\[[0-9;]*m/g, '').split('\n').find((l) => l.trim()) || '';
        out.push(`${where} › ${a.fullName || a.title}: ${first.trim().slice(0, 300)}`);
      }
      if (!failed.length && suite.status === 'failed') out.push(`${where}: ${String(suite.message || '').replace(/\x1b\[[0-9;]*m/g, '').split('\n').find((l) => l.trim()) || 'failed to run'}`);
    }
    return out;
  } catch {
    return [];
  }
}

/** Fallback: the runners' own summary lines. */
function countsFromOutput(out) {
  // eslint-disable-next-line no-control-regex
  const text = out.replace(/\x1b\[[0-9;]*m/g, '');
  // jest: "Tests:       1 failed, 3 passed, 4 total"
  let m = [...text.matchAll(/^Tests:\s+(.*\btotal)\s*$/gm)].pop();
  if (m) {
    const part = (k) => Number((m[1].match(new RegExp(`(\\d+) ${k}`)) || [0, 0])[1]);
    return { passed: part('passed'), failed: part('failed'), skipped: part('skipped') + part('todo'), total: part('total'), failedSuites: 0, skippedSuites: 0 };
  }
  // vitest: "      Tests  1 failed | 3 passed (4)"
  m = [...text.matchAll(/^\s*Tests\s+(.*)\((\d+)\)\s*$/gm)].pop();
  if (m) {
    const part = (k) => Number((m[1].match(new RegExp(`(\\d+) ${k}`)) || [0, 0])[1]);
    return { passed: part('passed'), failed: part('failed'), skipped: part('skipped') + part('todo'), total: Number(m[2]), failedSuites: 0, skippedSuites: 0 };
  }
  return null;
}

/**
 * Counts for the lint level: each file ESLint checked is one test, failed when ESLint reports an
 * error or a warning in it or Prettier would reformat it. `eslintJson` is ESLint's `-f json`
 * output; `unformatted` the file paths `prettier --list-different` printed (relative to `root`).
 */
function lintCounts(eslintJson, unformatted, root) {
  const path = require('node:path');
  const files = JSON.parse(eslintJson);
  const bad = new Set(unformatted.map((f) => path.resolve(root, f)));
  for (const f of files) if (f.errorCount + f.warningCount > 0) bad.add(f.filePath);
  const checked = new Set([...files.map((f) => f.filePath), ...bad]);
  return { passed: checked.size - bad.size, failed: bad.size, skipped: 0, total: checked.size, failedSuites: 0, skippedSuites: 0 };
}

/**
 * Judges one level from its runner's exit and counts: `{ ok, counts, note }`. A level passes only
 * when the runner exits 0, no test failed, at least one test ran and none was skipped (the
 * standards forbid skipped tests, and jest exits 0 on a suite whose every test is skipped). A level
 * that failed without any failed test (skipped tests, a suite that did not compile, a crash, a
 * set-up error, no tests found) counts as one failed test per failed suite, at least one, so the
 * closing line never hides it.
 */
function judgeLevel(run, counts) {
  const c = { passed: 0, failed: 0, skipped: 0, total: 0, failedSuites: 0, skippedSuites: 0, ...(counts || {}) };
  let ok = run.code === 0 && c.failed === 0;
  let note = run.note || '';
  if (c.total === 0 && !run.error) {
    ok = false;
    note = note || 'no tests found';
  }
  if (c.skipped > 0) {
    ok = false;
    note = [note, `${c.skipped} skipped: skipped tests are not allowed`].filter(Boolean).join('; ');
  }
  if (!ok && c.failed === 0) c.failed = Math.max(1, c.failedSuites || 0);
  return { ok, counts: c, note };
}

/** The run's last line: exactly `N passed, N failed, N skipped`; a failed run never reads 0 failed. */
function closingLine(results, allOk) {
  const sum = (k) => results.reduce((n, r) => n + (r[k] || 0), 0);
  const failed = sum('failed');
  return `${sum('passed')} passed, ${!allOk && failed === 0 ? 1 : failed} failed, ${sum('skipped')} skipped`;
}

/**
 * Counts for the `ha` level from `npm run ha -- drill`'s output: each `fault …` line is one test,
 * passed when it reports lost 0; the ledger line is one test, passed on `ledger verify ok, replay 0
 * differences`; the restore drill's `restore …` line one, passed on `restore … ledger verify ok`.
 * A run that printed no fault line fails. `note` carries the lines as printed.
 */
function haCounts(output, expectedFaults = 4) {
  // eslint-disable-next-line no-control-regex
  const lines = output.replace(/\x1b\[[0-9;]*m/g, '').split('\n').map((l) => l.trim());
  const faults = lines.filter((l) => /^fault \S+: acknowledged \d+, lost \d+, 5xx \d+, writes resumed after /.test(l));
  const ledger = lines.find((l) => l.startsWith('ledger verify '));
  const restore = lines.find((l) => l.startsWith('restore '));
  let passed = 0;
  let failed = 0;
  for (const f of faults) if (/, lost 0,/.test(f)) passed += 1; else failed += 1;
  failed += Math.max(0, expectedFaults - faults.length);
  if (ledger === 'ledger verify ok, replay 0 differences') passed += 1; else failed += 1;
  if (restore && /ledger verify ok$/.test(restore)) passed += 1; else failed += 1;
  const note = [...faults, ledger || 'no ledger line', restore || 'no restore line'].join('; ');
  return { counts: { passed, failed, skipped: 0, total: passed + failed, failedSuites: 0, skippedSuites: 0 }, note };
}

module.exports = { LEVELS, haCounts, parseLevels, countsFromJson, failuresFromJson, countsFromOutput, judgeLevel, closingLine, lintCounts };
