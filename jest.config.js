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
    '<rootDir>/.cluster-dist/',
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
    {
      // The distributed mode run for real (ADR 0051): one cluster of service processes behind nginx for all of
      // test/cluster, started by its own global setup. deploy/test.sh runs it as a step of its own, after the rest.
      ...common,
      displayName: 'cluster',
      testMatch: ['<rootDir>/test/cluster/**/*.cluster-spec.ts'],
      globalSetup: '<rootDir>/test/cluster/global-setup.ts',
      globalTeardown: '<rootDir>/test/cluster/global-teardown.ts',
      slowTestThreshold: 60,
    },
  ],
};
