/**
 * Browser e2e: playwright-core driving Debian's chromium against a running api + worker.
 * Started by scripts/test.mjs, which provides BASE_URL (and CHROMIUM_PATH, ARTIFACTS_DIR).
 */
module.exports = {
  displayName: 'browser-e2e',
  rootDir: '.',
  testMatch: ['<rootDir>/test/browser/**/*.browser-spec.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }] },
  testEnvironment: 'node',
  testTimeout: 90000,
  maxWorkers: 1,
  testSequencer: '<rootDir>/test/browser/sequencer.js',
};
