/** Browser tests: playwright-core drives Debian's Chromium against the built app. */
module.exports = {
  rootDir: __dirname,
  testMatch: ['<rootDir>/**/*.e2e.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }] },
  moduleNameMapper: { '^@cloud9/contracts$': '<rootDir>/../../libs/contracts/src' },
  testEnvironment: 'node',
  globalSetup: '<rootDir>/setup/global-setup.ts',
  globalTeardown: '<rootDir>/setup/global-teardown.ts',
  setupFilesAfterEnv: ['<rootDir>/setup/timeout.ts', '<rootDir>/setup/csp.ts'],
};
