/**
 * Random ids from a pool: the system's random source read 4 KiB at a time instead of once an id (an order id
 * is drawn for every order; a read of 12 bytes cost about as much as one of 4 KiB). The bytes are the same
 * cryptographic randomness, each handed out once.
 */
import { randomFillSync } from 'node:crypto';

const POOL = Buffer.alloc(4096);
let at = POOL.length;

/** `bytes` random bytes (at most 256) as lowercase hex. */
export function randomHex(bytes: number): string {
  if (!Number.isInteger(bytes) || bytes < 1 || bytes > 256) throw new RangeError(`randomHex(${bytes})`);
  if (at + bytes > POOL.length) {
    randomFillSync(POOL);
    at = 0;
  }
  const hex = POOL.toString('hex', at, at + bytes);
  at += bytes;
  return hex;
}
