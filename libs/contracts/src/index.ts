export * from './ids';
export * from './event-envelope';
export * from './event-contract';
export * from './errors/error-codes';
export * from './errors/messages';
export * from './all-events';
export * from './page';
export * from './moderation/site-settings';
