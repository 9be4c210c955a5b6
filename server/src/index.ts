export { type App, type AppOptions, buildApp } from './app';
export { ManualClock, systemClock } from './clock';
export { type Config, loadConfig } from './config';
export { openStore } from './store';
