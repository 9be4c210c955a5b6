import { createHash, randomBytes, randomInt } from 'node:crypto';

/** A session token: 32 random bytes, base64url. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Invitation code: 8 characters without look-alikes (0/O, 1/I). */
export function newInviteCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** Public user id: 8 digits, never starting with 0. */
export function newUid(): string {
  return String(randomInt(10_000_000, 100_000_000));
}

export function newEmailCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}
