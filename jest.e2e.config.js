/** Backend e2e tests: supertest against the real app, a real PostgreSQL and a real Redis started by scripts/test.mjs. */
module.exports = {
  displayName: 'backend-e2e',
  rootDir: '.',
  testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }],
    // content-disposition 3 (under @fastify/static, used by Swagger UI) ships ESM only: Node >= 20.19
    // requires it natively, jest's loader needs it compiled to CommonJS.
    'node_modules/content-disposition/.+\\.js$': ['ts-jest', { tsconfig: { allowJs: true, module: 'commonjs', target: 'ES2022', isolatedModules: true } }],
  },
  transformIgnorePatterns: ['/node_modules/(?!content-disposition/)'],
  testEnvironment: 'node',
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  testTimeout: 60000,
  maxWorkers: 2,
};
