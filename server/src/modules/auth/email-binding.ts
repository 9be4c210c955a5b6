/**
 * The account's email: bound with the code `sendEmail` (scene bind) sent to it, and changed only with a code
 * sent to the address bound now (scene verify) beside the new address's own. One address binds one account.
 * Tries are limited per user on top of each code's five; a change starts the security lock and every change
 * tells the user (a security notice, which reaches every channel they have).
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { DomainError } from '../../kernel/errors';
import { writeNotice } from '../../kernel/notices';
import { schema, type Tx } from '../../store';
import type { AuthCtx } from './context';
import { checkEmailCode, useEmailCode } from './email-codes';
import { markChanged } from './second-factor';

const { users } = schema;
const TRIES_PER_10_MIN = 10;

async function limit(ctx: AuthCtx, userId: number): Promise<void> {
  const ok = await ctx.limiter.hit(
    `email-bind:${userId}`,
    TRIES_PER_10_MIN,
    600_000,
    ctx.clock.now().getTime(),
  );
  if (!ok) throw new DomainError('RateLimited');
}

async function currentEmail(ctx: AuthCtx, userId: number): Promise<string | null> {
  const [u] = await ctx.store.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return u?.email ?? null;
}

async function takenByAnother(db: AuthCtx['store']['db'] | Tx, userId: number, addr: string) {
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${addr}`, ne(users.id, userId)))
    .limit(1);
  return Boolean(other);
}

/** Uses the checked codes and writes the address, in one transaction; a race lost answers as its refusal. */
async function write(
  ctx: AuthCtx,
  userId: number,
  addr: string,
  codes: readonly { id: number; error: 'EmailCodeInvalid' | 'EmailOldCodeInvalid' }[],
  after: (tx: Tx) => Promise<unknown>,
): Promise<{ email: string }> {
  const now = ctx.clock.now();
  try {
    await ctx.store.db.transaction(async (tx) => {
      for (const c of codes) if (!(await useEmailCode(tx, c.id, now))) throw new DomainError(c.error);
      if (await takenByAnother(tx, userId, addr)) throw new DomainError('EmailTaken');
      await tx.update(users).set({ email: addr }).where(eq(users.id, userId));
      await after(tx);
    });
  } catch (err) {
    // The unique index on the address, when another account bound it at the same moment.
    if (err instanceof DomainError) throw err;
    if (/users_email_key|unique/i.test(String((err as { message?: unknown }).message ?? ''))) {
      throw new DomainError('EmailTaken');
    }
    throw err;
  }
  return { email: addr };
}

/** Binds the first email of the account. */
export async function bindEmail(ctx: AuthCtx, userId: number, email: string, code: string) {
  await limit(ctx, userId);
  const addr = email.trim().toLowerCase();
  if ((await currentEmail(ctx, userId)) !== null) throw new DomainError('EmailAlreadyBound');
  if (await takenByAnother(ctx.store.db, userId, addr)) throw new DomainError('EmailTaken');
  const id = await checkEmailCode(ctx, addr, code, 'bind');
  if (id === null) throw new DomainError('EmailCodeInvalid');
  return write(ctx, userId, addr, [{ id, error: 'EmailCodeInvalid' }], (tx) =>
    writeNotice(ctx.outbox, tx, {
      userId,
      kind: 'security_changed',
      ref: `security_email_bound_${ctx.clock.now().getTime()}`,
      params: { change: 'email_bound' },
    }),
  );
}

/** Moves the account to a new address: the current one's code and the new one's, both right. */
export async function changeEmail(
  ctx: AuthCtx,
  userId: number,
  input: { readonly email: string; readonly code: string; readonly old_code: string },
) {
  await limit(ctx, userId);
  const addr = input.email.trim().toLowerCase();
  const old = await currentEmail(ctx, userId);
  if (old === null) throw new DomainError('EmailNotBound');
  if (old.toLowerCase() === addr) throw new DomainError('EmailAlreadyBound');
  if (await takenByAnother(ctx.store.db, userId, addr)) throw new DomainError('EmailTaken');
  const oldId = await checkEmailCode(ctx, old, input.old_code, 'verify');
  if (oldId === null) throw new DomainError('EmailOldCodeInvalid');
  const newId = await checkEmailCode(ctx, addr, input.code, 'bind');
  if (newId === null) throw new DomainError('EmailCodeInvalid');
  return write(
    ctx,
    userId,
    addr,
    [
      { id: oldId, error: 'EmailOldCodeInvalid' },
      { id: newId, error: 'EmailCodeInvalid' },
    ],
    (tx) => markChanged(ctx, tx, userId, 'email_changed'),
  );
}
