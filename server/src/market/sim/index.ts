// The built-in reference market (the default price source) and candles derived from trades.
export * from './candles';
export * from './decimal';
export * from './market';
export * from './random';
