export * from './sanitize';
export * from './hidden-blocks';
export * from './mentions';
export * from './markdown';
