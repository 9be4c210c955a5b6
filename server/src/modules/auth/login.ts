/**
 * A wallet's sign-in: the message checked (verify-message.ts), its nonce used up, the account found or made
 * (under an invitation code where required: its place in the referral tree and its ancestors' team figures),
 * and a session. Also the housekeeping of used nonces.
 */
import { eq, lt, sql } from 'drizzle-orm';
import { DomainError } from '../../kernel/errors';
import { newInviteCode, newToken, newUid, sha256Hex } from '../../kernel/tokens';
import { schema, type Tx } from '../../store';
import type { AuthCtx, LoginContext, LoginInput } from './context';
import { deviceKeyOf, noticeNewDevice } from './devices';
import { FUTURE_SKEW_MS, verifyMessage } from './verify-message';

const { users, sessions, loginNonces } = schema;

type Parent = { id: number; depth: number };

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

async function createUser(ctx: AuthCtx, tx: Tx, address: string, parent: Parent | null) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await tx.transaction(async (sp) => {
        const [row] = await sp
          .insert(users)
          .values({
            uid: newUid(),
            address,
            inviteCode: newInviteCode(),
            parentId: parent?.id ?? null,
            depth: parent ? parent.depth + 1 : 0,
            createdAt: ctx.clock.now(),
          })
          .returning({ id: users.id });
        if (!row) throw new Error('user insert returned nothing');
        return row.id;
      });
    } catch (err) {
      // A random uid or code collided: draw again (the address is unique by the caller's lock).
      if (isUniqueViolation(err) && attempt < 5) continue;
      throw err;
    }
  }
}

/** The new account's parent by its invitation code; null without one (allowed for the platform's first). */
async function parentOf(tx: Tx, code: string, invitationRequired: boolean): Promise<Parent | null> {
  if (code) {
    const [p] = await tx
      .select({ id: users.id, depth: users.depth })
      .from(users)
      .where(eq(users.inviteCode, code));
    if (!p) throw new DomainError('UnknownInvitationCode');
    return p;
  }
  if (invitationRequired) {
    const [anyone] = await tx.select({ id: users.id }).from(users).limit(1);
    // The very first account of a platform (its genesis) needs no invitation.
    if (anyone) throw new DomainError('InvitationCodeRequired');
  }
  return null;
}

/** The new account under its parent: its ancestors, and one more in each ancestor's team. */
async function joinTree(tx: Tx, id: number, parent: Parent): Promise<void> {
  await tx.execute(sql`
    insert into user_ancestors (ancestor_id, descendant_id, distance)
    select ancestor_id, ${id}::int, distance + 1 from user_ancestors where descendant_id = ${parent.id}::int
    union all select ${parent.id}::int, ${id}::int, 1`);
  // One more in every ancestor's team, and one more direct referral for the parent.
  await tx.execute(sql`
    insert into team_figures (user_id, headcount, direct)
    select ancestor_id, 1, case when distance = 1 then 1 else 0 end
    from user_ancestors where descendant_id = ${id}::int
    on conflict (user_id) do update set
      headcount = team_figures.headcount + 1,
      direct = team_figures.direct + excluded.direct`);
}

/** The address's account, made at its first sign-in; a frozen account signs in no more. */
async function accountOf(ctx: AuthCtx, tx: Tx, input: LoginInput, invitationRequired: boolean) {
  // Serialize first sign-ins of one address so exactly one account is created.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${input.name}))`);
  const [user] = await tx
    .select({ id: users.id, frozenAt: users.frozenAt })
    .from(users)
    .where(eq(users.address, input.name))
    .limit(1);
  // An account an operator froze signs in no more until it is unfrozen.
  if (user?.frozenAt) throw new DomainError('AccountFrozen');
  if (user) return user.id;
  const parent = await parentOf(tx, input.code || '', invitationRequired);
  const id = await createUser(ctx, tx, input.name, parent);
  if (parent) await joinTree(tx, id, parent);
  return id;
}

export async function login(
  ctx: AuthCtx,
  input: LoginInput,
  req: LoginContext,
): Promise<{ token: string; expires_at: string }> {
  const { store, clock, config, limiter, settings } = ctx;
  const perMinute = await settings.get('auth.login_per_ip_per_minute');
  if (!(await limiter.hit(`login:${req.ip}`, perMinute, 60_000, clock.now().getTime())))
    throw new DomainError('RateLimited');
  const { nonce } = await verifyMessage(ctx, input);
  const invitationRequired = await settings.get('auth.invitation_required');
  const token = newToken();
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + config.sessionTtlS * 1000);
  await store.db.transaction(async (tx) => {
    const used = await tx
      .insert(loginNonces)
      .values({ nonce, address: input.name, usedAt: now })
      .onConflictDoNothing()
      .returning();
    if (used.length === 0) throw new DomainError('NonceReused');
    const userId = await accountOf(ctx, tx, input, invitationRequired);
    const userAgent = (req.userAgent ?? '').slice(0, 400);
    const deviceKey = deviceKeyOf(input.device_id, userAgent);
    const [session] = await tx
      .insert(sessions)
      .values({
        userId,
        tokenHash: sha256Hex(token),
        createdAt: now,
        expiresAt,
        ip: req.ip,
        userAgent: userAgent || null,
        deviceKey,
      })
      .returning({ id: sessions.id });
    if (!session) throw new Error('session insert returned nothing');
    await noticeNewDevice(ctx, tx, { userId, sessionId: session.id, deviceKey, ip: req.ip, userAgent });
  });
  return { token, expires_at: expiresAt.toISOString() };
}

/** Housekeeping: forget nonces older than the message window twice over. */
export async function sweepNonces(ctx: AuthCtx): Promise<void> {
  const cutoff = new Date(
    ctx.clock.now().getTime() -
      2 * (await ctx.settings.get('auth.message_max_age_s')) * 1000 -
      FUTURE_SKEW_MS,
  );
  await ctx.store.db.delete(loginNonces).where(lt(loginNonces.usedAt, cutoff));
}
