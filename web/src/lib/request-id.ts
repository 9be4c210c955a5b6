/**
 * A fresh id for one money-moving submission, so a retry of the same submission is not done twice.
 * crypto.randomUUID needs a secure context; on plain http (a phone on the LAN) 16 random bytes do.
 */
export function newRequestId(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = c.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The request ids of one form. Opening the confirmation sheet asks for the id of what is about to be
 * sent: the same content as the last attempt that did not succeed gets that attempt's id again (a
 * retry), anything else a fresh one. Once a submission succeeds, the next one is new whatever it holds.
 */
export class RequestIds {
  private last: { readonly key: string; readonly id: string } | null = null;
  private readonly make: () => string;

  constructor(make: () => string = newRequestId) {
    this.make = make;
  }

  forSubmission(content: unknown): string {
    const key = JSON.stringify(content);
    if (this.last?.key === key) return this.last.id;
    const id = this.make();
    this.last = { key, id };
    return id;
  }

  succeeded(): void {
    this.last = null;
  }
}
