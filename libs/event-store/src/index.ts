export * from './decider';
export * from './errors';
export * from './commit';
export * from './event-store';
export * from './lru';
export * from './keyed-queue';
