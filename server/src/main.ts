import { buildApp } from './app';
import { loadConfig } from './config';
import { InstanceLockedError } from './store/instance-lock';
import { isStoreUnavailable, storeFailureText } from './store/unavailable';

/** The exit code of an instance that refused to start because another one holds the database. */
const EXIT_LOCKED = 3;
/** The exit code of a cluster instance that lost the writers' lease. */
const EXIT_FENCED = 4;

const config = loadConfig();
let app: Awaited<ReturnType<typeof buildApp>>;
try {
  // Cluster mode: an instance that lost the writers' lease stops its work and ends, to start again clean
  // (its supervisor restarts it; it stands by while another instance holds the lease).
  app = await buildApp({
    config,
    onFenced: (reason) => {
      process.stderr.write(`nexa: fenced (${reason}); exiting to start again\n`);
      process.exit(EXIT_FENCED);
    },
  });
} catch (err) {
  if (err instanceof InstanceLockedError) {
    process.stderr.write(`nexa: ${err.message}\n`);
    process.exit(EXIT_LOCKED);
  }
  throw err;
}
const log = app.fastify.log;

// The store going away is never a reason to end the process: a failure of it that nobody awaited is
// logged and the process goes on (calls answer StoreUnavailable meanwhile). Anything else is a bug: logged,
// and the process ends as Node would have ended it.
const unexpected = (kind: string) => (err: unknown) => {
  if (isStoreUnavailable(err)) {
    log.warn({ cause: storeFailureText(err) }, `${kind}: store unavailable; going on`);
    return;
  }
  log.fatal({ err }, kind);
  process.exit(1);
};
process.on('unhandledRejection', unexpected('unhandled rejection'));
process.on('uncaughtException', unexpected('uncaught exception'));

const shutdown = async (signal: string) => {
  log.info(`${signal}: shutting down`);
  await app.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
await app.fastify.listen({ port: config.port, host: config.host });
// A parent that started this process with an IPC channel (a process manager, the tests) learns that this
// process, and no other, holds the port.
process.send?.({ listening: config.port });
log.info(
  `serving on http://localhost:${config.port} — store: ${app.deps.store.kind}, protection: ${config.protection ? 'on' : 'off'}` +
    (config.cluster ? `, cluster: ${config.cluster.instance} (prefix ${config.cluster.prefix})` : ''),
);
