export * from './effective-permissions';
export * from './permission-checker';
export * from './permission-sets.projection';
export * from './requires-permission';
