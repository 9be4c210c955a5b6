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
