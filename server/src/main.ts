import { buildApp } from './app';
import { loadConfig } from './config';

const config = loadConfig();
const app = await buildApp({ config });
const shutdown = async (signal: string) => {
  app.fastify.log.info(`${signal}: shutting down`);
  await app.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
await app.fastify.listen({ port: config.port, host: config.host });
app.fastify.log.info(
  `serving on http://localhost:${config.port} — store: ${app.deps.store.kind}, protection: ${config.protection ? 'on' : 'off'}`,
);
