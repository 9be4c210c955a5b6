/** A contract's batch in the group writer: its orders and cancels in one transaction, each with its copies. */
import { DomainError, ValidationError } from '../../kernel/errors';
import type { JobOutcome } from '../../kernel/group-writer';
import type { Tx } from '../../store';
import { fireSwapAlgos } from './algo-fire';
import { cancelIn } from './cancel';
import type { BatchState, FuturesCtx, Job, Work } from './context';
import { slotOf } from './instruments';
import { mirror } from './mirror';
import { place } from './place-order';
import { rebuild } from './restore';
import { commitWork, newWork } from './work';

/** A batch's jobs in order, each followed by its copies; one refused before touching the book fails alone. */
async function runJobs(ctx: FuturesCtx, w: Work, jobs: readonly Job[]): Promise<JobOutcome<unknown>[]> {
  const outcomes: JobOutcome<unknown>[] = [];
  for (const job of jobs) {
    try {
      outcomes.push({
        ok: true,
        value: job.kind === 'place' ? await place(ctx, w, job) : await cancelIn(ctx, w, job),
      });
      await mirror(ctx, w);
      // What this job's trades reached fires right after it.
      await fireSwapAlgos(ctx, w);
    } catch (err) {
      if (err instanceof DomainError || err instanceof ValidationError)
        outcomes.push({ ok: false, error: err });
      else throw err;
    }
  }
  return outcomes;
}

/** Before a batch: its contract, the book and positions rebuilt first when a failure left them unsure. */
export async function beginBatch(ctx: FuturesCtx, instId: string): Promise<BatchState> {
  const slot = slotOf(ctx, instId);
  if (slot.dirty) await rebuild(ctx, slot);
  return { slot, work: null };
}

/** The batch inside its transaction: every job in order, then what they changed written. */
export async function runBatch(
  ctx: FuturesCtx,
  tx: Tx,
  jobs: readonly Job[],
  state: BatchState,
): Promise<JobOutcome<unknown>[]> {
  const w = newWork(ctx, tx, state.slot);
  state.work = w;
  const outcomes = await runJobs(ctx, w, jobs);
  await commitWork(ctx, w);
  return outcomes;
}
