/** Backend e2e tests: supertest against the real app, a real PostgreSQL and a real Redis started by scripts/test.mjs. */
module.exports = {
  displayName: 'backend-e2e',
  rootDir: '.',
  testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json', isolatedModules: true }] },
  testEnvironment: 'node',
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  testTimeout: 60000,
  maxWorkers: 2,
};
