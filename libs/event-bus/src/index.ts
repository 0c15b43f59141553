export * from './kafka';
export * from './outbox-relay';
export * from './read-model-writer';
export * from './projection';
export * from './projection-waiter';
export * from './consumer-runner';
export * from './projection-runner';
export * from './rebuild';
