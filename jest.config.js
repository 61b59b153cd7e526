/** Unit tests (contracts, backend) and backend integration suites; real PostgreSQL + Redis. */
const tsJest = ['ts-jest', { tsconfig: '<rootDir>/backend/tsconfig.json' }];
const contractsPath = { '^@cloud9/contracts$': '<rootDir>/libs/contracts/src' };

module.exports = {
  projects: [
    {
      displayName: 'contracts',
      rootDir: __dirname,
      testMatch: ['<rootDir>/libs/contracts/src/**/*.spec.ts'],
      transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/libs/contracts/tsconfig.json' }] },
      testEnvironment: 'node',
    },
    {
      displayName: 'backend-unit',
      rootDir: __dirname,
      testMatch: ['<rootDir>/backend/src/**/*.spec.ts'],
      transform: { '^.+\\.ts$': tsJest },
      moduleNameMapper: contractsPath,
      testEnvironment: 'node',
    },
    {
      displayName: 'backend-int',
      rootDir: __dirname,
      testMatch: ['<rootDir>/backend/test/**/*.int-spec.ts'],
      transform: { '^.+\\.ts$': tsJest },
      moduleNameMapper: contractsPath,
      testEnvironment: 'node',
      globalSetup: '<rootDir>/backend/test/setup/global-setup.ts',
      globalTeardown: '<rootDir>/backend/test/setup/global-teardown.ts',
      setupFilesAfterEnv: ['<rootDir>/backend/test/setup/jest-timeout.ts', '<rootDir>/backend/test/setup/documented-answers.ts'],
    },
  ],
};
