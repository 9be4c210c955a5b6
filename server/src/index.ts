export { type App, type AppOptions, buildApp } from './app';
export { type Config, loadConfig } from './config';
export { ManualClock, systemClock } from './kernel/clock';
export { openStore } from './store';
