import type { ModuleOwnership } from '../kernel/module';
import { OwnershipError, systemAllowed } from '../kernel/ownership';
import type { Ledger } from './ledger';
import type { AccountRef, PostInput } from './types';

/** The system account a reference names (by name, or as an account already resolved), or null. */
function systemOf(ref: AccountRef | undefined): string | null {
  if (!ref) return null;
  if ('system' in ref) return ref.system;
  if ('systemName' in ref) return ref.systemName;
  return null;
}

/**
 * The ledger as one module may use it: every movement names a cause the module owns (or posts for
 * another through a wired port), and every system account it touches is one it declared. Reads pass.
 * A breach rejects before the ledger is asked, so nothing is written.
 */
export function scopeLedger(ledger: Ledger, owner: string, owns: ModuleOwnership): Ledger {
  const causes = new Set<string>([...owns.causes, ...(owns.postsFor ?? [])]);
  const checkSystem = (name: string | null): void => {
    if (name !== null && !systemAllowed(name, owns.systemAccounts))
      throw new OwnershipError(owner, `touched system account ${name}`);
  };
  const checkMovement = (m: {
    readonly cause: string;
    readonly system?: string;
    readonly from?: AccountRef;
    readonly to?: AccountRef;
    readonly account?: AccountRef;
  }): void => {
    if (!causes.has(m.cause)) throw new OwnershipError(owner, `posted cause ${m.cause}`);
    checkSystem(m.system ?? null);
    checkSystem(systemOf(m.from));
    checkSystem(systemOf(m.to));
    checkSystem(systemOf(m.account));
  };
  return {
    ...ledger,
    systemAccount: async (db, name, asset) => {
      checkSystem(name);
      return ledger.systemAccount(db, name, asset);
    },
    post: async (tx, input: PostInput) => {
      checkMovement(input);
      for (const p of input.postings) checkSystem(systemOf(p.account));
      return ledger.post(tx, input);
    },
    postMany: async (tx, inputs: readonly PostInput[]) => {
      for (const input of inputs) {
        checkMovement(input);
        for (const p of input.postings) checkSystem(systemOf(p.account));
      }
      return ledger.postMany(tx, inputs);
    },
    transfer: async (tx, m) => {
      checkMovement(m);
      return ledger.transfer(tx, m);
    },
    freeze: async (tx, m) => {
      checkMovement(m);
      return ledger.freeze(tx, m);
    },
    release: async (tx, m) => {
      checkMovement(m);
      return ledger.release(tx, m);
    },
    settle: async (tx, m) => {
      checkMovement(m);
      return ledger.settle(tx, m);
    },
    credit: async (tx, m) => {
      checkMovement(m);
      return ledger.credit(tx, m);
    },
    debit: async (tx, m) => {
      checkMovement(m);
      return ledger.debit(tx, m);
    },
  };
}
