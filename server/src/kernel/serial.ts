/**
 * A promise queue: tasks run one at a time, in the order they were handed in. One per key of a group
 * writer (an instrument's book), so operations on it (and the database work that commits them) never
 * interleave. A failing task does
 * not stop the ones after it.
 */
export class Serial {
  #tail: Promise<unknown> = Promise.resolve();
  #pending = 0;

  run<T>(task: () => Promise<T>): Promise<T> {
    this.#pending += 1;
    const result = this.#tail.then(task);
    this.#tail = result.then(
      () => {
        this.#pending -= 1;
      },
      () => {
        this.#pending -= 1;
      },
    );
    return result;
  }

  /** Tasks queued or running. */
  get pending(): number {
    return this.#pending;
  }

  /** Resolves when everything handed in so far has finished. */
  async idle(): Promise<void> {
    await this.#tail;
  }
}

/**
 * A task run one round at a time in this process, where a caller wants a round that began after its call (a
 * running round may have read its work before the caller's was written): a call during a round waits for it,
 * then for one more round, which every call made meanwhile shares.
 */
export function freshRounds(round: () => Promise<number>): () => Promise<number> {
  let running: Promise<number> | null = null;
  let next: Promise<number> | null = null;
  const run = (): Promise<number> => {
    if (!running) {
      running = round().finally(() => {
        running = null;
      });
      return running;
    }
    next ??= running
      .catch(() => 0)
      .then(() => {
        next = null;
        return run();
      });
    return next;
  };
  return run;
}
