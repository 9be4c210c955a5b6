// The built-in reference market (the default price source).
export * from './decimal';
export * from './market';
export * from './random';
