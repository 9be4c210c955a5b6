/** The clock is injected so tests control time. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests move by hand. */
export class ManualClock implements Clock {
  #ms: number;
  constructor(start: Date | number = Date.now()) {
    this.#ms = typeof start === 'number' ? start : start.getTime();
  }
  now(): Date {
    return new Date(this.#ms);
  }
  advance(ms: number): void {
    this.#ms += ms;
  }
  set(time: Date | number): void {
    this.#ms = typeof time === 'number' ? time : time.getTime();
  }
}
