import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { formatAmount } from '@nexa/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import type { Ledger } from '../../ledger';
import { schema } from '../../store';
import { DomainError } from '../../transport/errors';
import { newToken, sha256Hex } from '../auth/tokens';
import type { WalletModule } from '../wallet';

const scrypt = promisify(scryptCb) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;
const { operators, operatorSessions } = schema;

export type OperatorRole = 'admin' | 'finance' | 'support';

export interface OperatorUser {
  readonly id: number;
  readonly name: string;
  readonly roles: readonly string[];
}

const OPERATOR_SESSION_S = 12 * 3600;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, 32);
  return `${salt.toString('hex')}:${hash.toString('hex')}`;
}

async function checkPassword(password: string, stored: string): Promise<boolean> {
  const [saltHex, hashHex] = stored.split(':');
  if (!saltHex || !hashHex) return false;
  const expected = Buffer.from(hashHex, 'hex');
  const actual = await scrypt(password, Buffer.from(saltHex, 'hex'), expected.length);
  return timingSafeEqual(actual, expected);
}

/** Operators: sign-in, roles, and the operator side of deposits, withdrawals and solvency. */
export function createAdmin(deps: AppDeps & { ledger: Ledger; wallet: WalletModule }) {
  const { store, clock, limiter, ledger, wallet } = deps;

  async function createOperator(name: string, password: string, roles: readonly OperatorRole[]) {
    const [row] = await store.db
      .insert(operators)
      .values({ name, passwordHash: await hashPassword(password), roles: [...roles], createdAt: clock.now() })
      .onConflictDoNothing()
      .returning({ id: operators.id });
    return row?.id ?? null;
  }

  async function login(name: string, password: string, ip: string) {
    if (!limiter.hit(`admin-login:${ip}`, 10, 60_000, clock.now().getTime()))
      throw new DomainError('RateLimited');
    const [op] = await store.db
      .select()
      .from(operators)
      .where(and(eq(operators.name, name), isNull(operators.disabledAt)));
    // Compare against a dummy hash when the name is unknown, so timing does not tell names apart.
    const ok = await checkPassword(password, op?.passwordHash ?? `${'0'.repeat(32)}:${'0'.repeat(64)}`);
    if (!op || !ok) throw new DomainError('OperatorLoginFailed');
    const token = newToken();
    const expiresAt = new Date(clock.now().getTime() + OPERATOR_SESSION_S * 1000);
    await store.db
      .insert(operatorSessions)
      .values({ operatorId: op.id, tokenHash: sha256Hex(token), createdAt: clock.now(), expiresAt });
    return { token, expires_at: expiresAt.toISOString(), roles: op.roles };
  }

  async function authenticate(token: string): Promise<OperatorUser | null> {
    if (!token || token.length > 200) return null;
    const [row] = await store.db
      .select({ id: operators.id, name: operators.name, roles: operators.roles })
      .from(operatorSessions)
      .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
      .where(
        and(
          eq(operatorSessions.tokenHash, sha256Hex(token)),
          isNull(operatorSessions.revokedAt),
          gt(operatorSessions.expiresAt, clock.now()),
          isNull(operators.disabledAt),
        ),
      );
    return row ?? null;
  }

  function require(op: OperatorUser, ...roles: OperatorRole[]): void {
    if (op.roles.includes('admin')) return;
    if (!roles.some((r) => op.roles.includes(r))) throw new DomainError('Forbidden');
  }

  async function depositList(
    op: OperatorUser,
    q: { status?: 'pending' | 'approved' | 'failed' | undefined; page: number; size: number },
  ) {
    require(op, 'finance', 'support');
    const { rows, total } = await wallet.deposits.list(null, { status: q.status }, q);
    return { list: await Promise.all(rows.map((r) => wallet.deposits.adminView(r))), total };
  }

  async function withdrawalList(
    op: OperatorUser,
    q: { status?: 'pending' | 'approved' | 'failed' | undefined; page: number; size: number },
  ) {
    require(op, 'finance', 'support');
    const { rows, total } = await wallet.withdrawals.list(null, { status: q.status }, q);
    return { list: await Promise.all(rows.map((r) => wallet.withdrawals.adminView(r))), total };
  }

  async function solvency(op: OperatorUser) {
    require(op, 'finance', 'support');
    const [violations, lines, all] = await Promise.all([
      ledger.audit(),
      ledger.solvency(),
      wallet.assets.all(),
    ]);
    const show = (asset: string, m: bigint) => formatAmount(m, all.get(asset)?.scale ?? 8);
    return {
      healthy: violations.length === 0 && lines.every((l) => l.balanced && !l.short),
      violations: violations.map((v) =>
        JSON.stringify(v, (_k, val) => (typeof val === 'bigint' ? val.toString() : val)),
      ),
      assets: lines.map((l) => ({
        asset: l.asset,
        liabilities: show(l.asset, l.liabilities),
        system: show(l.asset, l.system),
        balanced: l.balanced,
        short: l.short,
        accounts: l.systemAccounts.map((a) => ({
          name: a.name,
          available: show(l.asset, a.available),
          frozen: show(l.asset, a.frozen),
          counter: a.counter,
          short: a.short,
        })),
      })),
    };
  }

  return { createOperator, login, authenticate, require, depositList, withdrawalList, solvency };
}

export type AdminModule = ReturnType<typeof createAdmin>;
