export * from './period';
export * from './labels';
export * from './transactions';
export * from './financial';
export * from './customers';
export * from './stock';
export * from './export';
export * from './work-orders';
