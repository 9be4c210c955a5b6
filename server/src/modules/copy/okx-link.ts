/** A user's OKX account link: its key checked with OKX and sealed in the vault, shown by its tail only. */
import { eq } from 'drizzle-orm';
import { DomainError } from '../../kernel/errors';
import type { CopyCtx } from './context';
import { rotateLinks } from './links';
import { OkxError } from './okx';
import { okxLinks } from './tables';

function linkView(row: typeof okxLinks.$inferSelect | undefined) {
  return row
    ? {
        linked: true,
        key_tail: row.keyTail,
        perm: row.perm.split(',').filter(Boolean),
        uid: row.okxUid,
        verified_at: row.verifiedAt.toISOString(),
      }
    : { linked: false, key_tail: null, perm: [], uid: null, verified_at: null };
}

export async function bindOkx(
  ctx: CopyCtx,
  userId: number,
  body: { apiKey: string; secretKey: string; passphrase: string },
) {
  const creds = { apiKey: body.apiKey.trim(), secret: body.secretKey.trim(), passphrase: body.passphrase };
  let cfg: { uid: string | null; perm: string[] };
  try {
    cfg = await ctx.okx.accountConfig(creds);
  } catch (err) {
    if (err instanceof OkxError && (err.kind === 'auth' || err.kind === 'refused'))
      throw new DomainError('OkxKeyRejected');
    throw new DomainError('OkxUnavailable');
  }
  if (cfg.perm.includes('withdraw')) throw new DomainError('OkxKeyCanWithdraw');
  const row = {
    userId,
    keyTail: creds.apiKey.slice(-4),
    ...ctx.vault.sealed(creds),
    perm: cfg.perm.join(','),
    okxUid: cfg.uid,
    verifiedAt: ctx.clock.now(),
  };
  const [saved] = await ctx.store.db
    .insert(okxLinks)
    .values(row)
    .onConflictDoUpdate({ target: okxLinks.userId, set: row })
    .returning();
  return linkView(saved);
}

export async function okxLink(ctx: CopyCtx, userId: number) {
  const [row] = await ctx.store.db.select().from(okxLinks).where(eq(okxLinks.userId, userId));
  return linkView(row);
}

export async function unbindOkx(ctx: CopyCtx, userId: number) {
  await ctx.store.db.delete(okxLinks).where(eq(okxLinks.userId, userId));
  return linkView(undefined);
}

/** Re-seals every link under the current key; answers how many were re-sealed. */
export const rotateLinkKeys = (ctx: CopyCtx) => rotateLinks(ctx.store.db, ctx.vault);
