/**
 * `npm run rotate-link-keys -w server`: re-seals every linked exchange account under the first key of
 * OKX_LINK_KEYS. List the new key first and keep the old ones after it until this has run.
 */
import { loadConfig } from './config';
import { createLinkVault, rotateLinks } from './modules/copy/links';
import { openStore } from './store';

const config = loadConfig();
const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const n = await rotateLinks(store.db, createLinkVault(config.linkKeys));
  process.stdout.write(`re-sealed ${n} linked account(s) under key version ${config.linkKeys.current}\n`);
} finally {
  await store.close();
}
