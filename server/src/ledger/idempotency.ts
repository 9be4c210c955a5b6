/**
 * Requests run once per (user, request id): claimed in the caller's transaction, answered with the stored
 * JSON on a retry, refused with IdempotencyConflict when the id comes back with another scope or body.
 */
import assert from 'node:assert/strict';
import { and, eq } from 'drizzle-orm';
import { DomainError } from '../kernel/errors';
import { schema, type Tx } from '../store';
import { bodyHash } from './canonical';
import type { LedgerCtx } from './context';

const { idempotencyKeys } = schema;

/**
 * Runs `fn` once per (user, request id). The first call runs it and stores its answer in
 * the same database transaction; a retry with the same scope and body gets the stored
 * answer without running it again; the same id with another scope or body is refused with
 * IdempotencyConflict. Concurrent duplicates queue on the key and end with one execution.
 * A call that throws stores nothing, so a retry runs again. The answer travels as JSON:
 * the first caller gets the same JSON round-trip a retry gets. It opens its own database
 * transaction (handed to `fn`): never call it inside another one. Without a request id `fn`
 * simply runs in a transaction of its own.
 */
export async function withIdempotency<T>(
  ctx: LedgerCtx,
  userId: number,
  requestId: string | undefined,
  scope: string,
  body: unknown,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  if (requestId === undefined) return ctx.store.db.transaction(fn);
  return ctx.store.db.transaction(async (tx) => {
    // Claim the key first: a concurrent duplicate waits here until this transaction ends.
    const prior = await claimRequest(ctx, tx, userId, requestId, scope, body);
    if (prior.seen) return prior.response as T;
    const result = await fn(tx);
    return (await answerRequest(tx, userId, requestId, result)) as T;
  });
}

/**
 * Claims (user, request id) inside the caller's transaction: `seen: false` when this is the first time
 * (the caller runs the request and stores its answer with `answerRequest`, or gives the claim back with
 * `releaseRequest` when it fails), the stored answer when it ran before, IdempotencyConflict when the id
 * came with another scope or body. A concurrent duplicate waits on the claim until its transaction ends.
 */
export async function claimRequest(
  ctx: LedgerCtx,
  tx: Tx,
  userId: number,
  requestId: string,
  scope: string,
  body: unknown,
): Promise<{ seen: false } | { seen: true; response: unknown }> {
  assert(Number.isSafeInteger(userId) && userId > 0, `bad user id ${userId}`);
  assert(requestId.length > 0, 'empty request id');
  const hash = bodyHash(body);
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ userId, requestId, scope, bodyHash: hash, createdAt: ctx.clock.now() })
    .onConflictDoNothing()
    .returning({ userId: idempotencyKeys.userId });
  if (claimed.length > 0) return { seen: false };
  const [prior] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.requestId, requestId)));
  assert(prior, 'idempotency key vanished');
  if (prior.scope !== scope || prior.bodyHash !== hash) throw new DomainError('IdempotencyConflict');
  return { seen: true, response: prior.response };
}

/** Stores a claimed request's answer (as JSON, which is also what the first caller gets back). */
export async function answerRequest(
  tx: Tx,
  userId: number,
  requestId: string,
  result: unknown,
): Promise<unknown> {
  const response: unknown = result === undefined ? null : JSON.parse(JSON.stringify(result));
  await tx
    .update(idempotencyKeys)
    .set({ response })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.requestId, requestId)));
  return response;
}

/** Gives a claim back (the request failed inside a transaction that goes on): a retry runs again. */
export async function releaseRequest(tx: Tx, userId: number, requestId: string): Promise<void> {
  await tx
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.requestId, requestId)));
}
