export * from './eventually';
export * from './decider-spec';
export * from './http-client';
export * from './test-app';
export * from './harness/infra';
export * from './fixtures';
export * from './projection-spec';
export * from './chromium';
