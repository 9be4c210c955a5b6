/**
 * The vault of linked exchange accounts: key, secret and passphrase sealed with AES-256-GCM under the link key
 * of a version (OKX_LINK_KEYS, the current one first). Rotation re-seals every link under the current key;
 * until it has run, the older keys stay listed so links sealed under them still open.
 */
import { and, eq, ne } from 'drizzle-orm';
import type { Config } from '../../config';
import { seal, unseal } from '../../kernel/seal';
import type { Db } from '../../store';
import type { OkxCredentials } from './okx';
import { okxLinks } from './tables';

export type LinkRow = typeof okxLinks.$inferSelect;

export function createLinkVault(keys: Config['linkKeys']) {
  function close(text: string): string {
    const key = keys.keys.get(keys.current);
    if (!key) throw new Error('no current link key');
    return seal(key, Buffer.from(text, 'utf8'));
  }

  function open(version: number, sealed: string): string {
    const key = keys.keys.get(version);
    if (!key) throw new Error(`link key version ${version} is not configured`);
    return unseal(key, sealed).toString('utf8');
  }

  return {
    current: keys.current,
    /** The sealed columns of a link for these credentials. */
    sealed(c: OkxCredentials) {
      return {
        apiKey: close(c.apiKey),
        secret: close(c.secret),
        passphrase: close(c.passphrase),
        keyVersion: keys.current,
      };
    },
    credentials(row: LinkRow): OkxCredentials {
      return {
        apiKey: open(row.keyVersion, row.apiKey),
        secret: open(row.keyVersion, row.secret),
        passphrase: open(row.keyVersion, row.passphrase),
      };
    },
  };
}

export type LinkVault = ReturnType<typeof createLinkVault>;

/** Re-seals every link not under the current key; answers how many were re-sealed. */
export async function rotateLinks(db: Db, vault: LinkVault): Promise<number> {
  const rows = await db.select().from(okxLinks).where(ne(okxLinks.keyVersion, vault.current));
  let n = 0;
  for (const r of rows) {
    const done = await db
      .update(okxLinks)
      .set(vault.sealed(vault.credentials(r)))
      .where(and(eq(okxLinks.userId, r.userId), eq(okxLinks.keyVersion, r.keyVersion)))
      .returning({ id: okxLinks.userId });
    n += done.length;
  }
  return n;
}
