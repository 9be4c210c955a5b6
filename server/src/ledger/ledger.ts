/**
 * The only code that moves money. Every movement is one journal transaction whose
 * postings sum to zero per asset; the account projections (available, frozen) are
 * written in the same database transaction as the postings, which is the caller's.
 *
 * This file assembles the ledger's context once (context.ts) and hands it to its operations, one file each:
 * `accounts.ts` (accounts opened on first use, their balances), `post-many.ts` (posting, one or a batch, in
 * named steps), `movements.ts` (transfer, freeze, release, settle, credit, debit), `history.ts` (a user's
 * balances and records), `statement.ts` (a month's lines and figures) and `idempotency.ts` (requests run once); `audit.ts` checks the journal.
 */

import type { Tx } from '../store';
import { account, accountBalances, accountsOf, systemAccount } from './accounts';
import { findViolations, type SolvencyLine, solvencyReport, type Violation } from './audit';
import type { LedgerCtx, LedgerDeps } from './context';
import { balances, history } from './history';
import { answerRequest, claimRequest, releaseRequest, withIdempotency } from './idempotency';
import { credit, debit, freeze, release, settle, transfer } from './movements';
import { post, postMany } from './post-many';
import { statement, statementFigures } from './statement';

export type { LedgerDeps } from './context';

export function createLedger({ store, clock }: LedgerDeps) {
  const ctx: LedgerCtx = { store, clock, knownAssets: new Set<string>() };
  /** An operation with the ledger's context bound. */
  const op =
    <A extends unknown[], R>(fn: (c: LedgerCtx, ...args: A) => R) =>
    (...args: A): R =>
      fn(ctx, ...args);

  /** Checks the journal and projections in one snapshot; an empty list means healthy. */
  async function audit(): Promise<Violation[]> {
    return store.db.transaction((tx) => findViolations(tx), {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    });
  }

  /** Per asset: user liabilities against the system accounts (they must net to zero). */
  async function solvency(): Promise<SolvencyLine[]> {
    return store.db.transaction((tx) => solvencyReport(tx), {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    });
  }

  return {
    account: op(account),
    accountsOf: op(accountsOf),
    systemAccount: op(systemAccount),
    post: op(post),
    postMany: op(postMany),
    transfer: op(transfer),
    freeze: op(freeze),
    release: op(release),
    settle: op(settle),
    credit: op(credit),
    debit: op(debit),
    balances: op(balances),
    accountBalances,
    history: op(history),
    statement: op(statement),
    statementFigures: op(statementFigures),
    withIdempotency: <T>(
      userId: number,
      requestId: string | undefined,
      scope: string,
      body: unknown,
      fn: (tx: Tx) => Promise<T>,
    ): Promise<T> => withIdempotency(ctx, userId, requestId, scope, body, fn),
    claimRequest: op(claimRequest),
    answerRequest,
    releaseRequest,
    audit,
    solvency,
  };
}

export type Ledger = ReturnType<typeof createLedger>;
