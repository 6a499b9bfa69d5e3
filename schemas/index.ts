export * from './collections';
export * from './rules';
export * from './errors';
export * from './api';
export * from './documents';
export * from './team';
export * from './work-orders';
