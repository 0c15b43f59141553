// One runner for every tier: unit specs need nothing; integration specs get a real Kafka broker and a
// real MongoDB-wire server from the global setup (testcontainers where Docker answers, local processes otherwise).
const swc = JSON.parse(require('node:fs').readFileSync(`${__dirname}/.swcrc.json`, 'utf8'));
delete swc.$schema;
const common = {
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': ['@swc/jest', swc] },
  moduleNameMapper: { '^@forum/([^/]+)$': '<rootDir>/libs/$1/src' },
  modulePathIgnorePatterns: [
    '<rootDir>/dist/',
    '<rootDir>/.bench-dist/',
    '<rootDir>/.bench-dist2/',
    '<rootDir>/.infra-dist/',
    '<rootDir>/web-member/',
    '<rootDir>/web-admin/',
  ],
};
module.exports = {
  testTimeout: 60_000,
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/{libs,services}/**/*.spec.ts'] },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/{libs,services}/**/*.int-spec.ts', '<rootDir>/test/**/*.int-spec.ts'],
      globalSetup: '<rootDir>/libs/testing/src/harness/global-setup.ts',
      globalTeardown: '<rootDir>/libs/testing/src/harness/global-teardown.ts',
      slowTestThreshold: 30,
      // Generous: a CI host has stolen 55–68 % of the two vCPUs (docs/testing.md). Passing tests do not wait for it.
      testTimeout: 180_000,
    },
  ],
};
