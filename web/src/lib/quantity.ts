import { MAX_MACHINES_A_PURCHASE } from '@nexa/contract';

/*
 * How many machines one purchase takes, as typed in a stepper (the mining catalogue's and the NEU line's):
 * a whole number from 1, at most the contract's limit or what is left.
 */

/** The most of a machine one purchase may take: the contract's limit, or fewer when fewer are left. */
export function maxQuantity(left: number | null): number {
  return Math.min(MAX_MACHINES_A_PURCHASE, left ?? MAX_MACHINES_A_PURCHASE);
}

/** A typed quantity as a number when it is a whole number from 1; null otherwise. */
export function wholeQuantity(text: string): number | null {
  const q = text.trim();
  const n = Number(q);
  return /^\d+$/.test(q) && n >= 1 ? n : null;
}

/** What is wrong with a typed quantity: empty, or not a whole number from 1 to `max`; null when nothing. */
export function quantityProblem(text: string, max: number): 'required' | 'invalid' | null {
  if (!text.trim()) return 'required';
  const n = wholeQuantity(text);
  return n === null || n > max ? 'invalid' : null;
}
