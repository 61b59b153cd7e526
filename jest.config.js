/** Unit tests (contracts, backend), the backend's service tier and integration suites; real PostgreSQL + Redis. */
const tsJest = ['ts-jest', { tsconfig: '<rootDir>/backend/tsconfig.json' }];
const contractsPath = { '^@cloud9/contracts$': '<rootDir>/libs/contracts/src' };

/**
 * The integration suites (the app over HTTP) and the service tier (domain modules without HTTP): each
 * jest worker on its own database, Redis prefix and temp folder (backend/test/setup).
 */
const onTheRunDatabase = {
  rootDir: __dirname,
  // Only these folders are crawled: the frontend's build may be writing its output meanwhile (npm test).
  roots: ['<rootDir>/backend/test', '<rootDir>/backend/src', '<rootDir>/libs/contracts/src'],
  transform: { '^.+\\.ts$': tsJest },
  moduleNameMapper: contractsPath,
  testEnvironment: '<rootDir>/backend/test/setup/worker-environment.ts',
  globalSetup: '<rootDir>/backend/test/setup/global-setup.ts',
  globalTeardown: '<rootDir>/backend/test/setup/global-teardown.ts',
  setupFilesAfterEnv: ['<rootDir>/backend/test/setup/jest-timeout.ts'],
};

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
      testMatch: ['<rootDir>/backend/test/**/*.int-spec.ts'],
      ...onTheRunDatabase,
      // Every answer a bootApp app gives is checked against the OpenAPI document (documented-answers).
      setupFilesAfterEnv: [...onTheRunDatabase.setupFilesAfterEnv, '<rootDir>/backend/test/setup/documented-answers.ts'],
    },
    { displayName: 'backend-service', testMatch: ['<rootDir>/backend/test/**/*.service-spec.ts'], ...onTheRunDatabase },
  ],
};
