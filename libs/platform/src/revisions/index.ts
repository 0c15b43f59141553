export * from './revision-history';
export * from './revision-views';
export * from './revision-visibility';
