import { ctr } from '@noble/ciphers/aes.js';
import { pbkdf2Async } from '@noble/hashes/pbkdf2.js';
import { scryptAsync } from '@noble/hashes/scrypt.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, concatBytes, hexToBytes, randomBytes } from '@noble/hashes/utils.js';

/*
 * The local wallet's key as a Web3 Secret Storage (version 3) keystore: the key encrypted with AES-128-CTR
 * under the first half of a key derived from the password (scrypt, or PBKDF2-HMAC-SHA256 when reading a file
 * another wallet wrote), and a keccak-256 MAC over the second half and the ciphertext, which tells a wrong
 * password from a damaged file before anything is decrypted. Everything happens in the browser.
 */

/** scrypt's cost for a new file: 2^17 × 8 × 128 bytes = 128 MiB, about a second or two on a phone. */
export const EXPORT_SCRYPT = { n: 131072, r: 8, p: 1 } as const;

/** The most a file may ask for (a hostile file must not hang the tab or take gigabytes). */
const MAX_SCRYPT_MEMORY = 256 * 1024 * 1024;
const MAX_PBKDF2_ROUNDS = 10_000_000;

export interface KeystoreV3 {
  readonly version: 3;
  readonly id: string;
  readonly address: string;
  readonly crypto: {
    readonly cipher: 'aes-128-ctr';
    readonly cipherparams: { readonly iv: string };
    readonly ciphertext: string;
    readonly kdf: 'scrypt' | 'pbkdf2';
    readonly kdfparams: Record<string, number | string>;
    readonly mac: string;
  };
}

/** Why a file could not be opened: not a v3 keystore, asks for too much work, or the password is wrong. */
export type KeystoreError = 'format' | 'unsupported' | 'password';

export class KeystoreFailure extends Error {
  constructor(readonly reason: KeystoreError) {
    super(`keystore: ${reason}`);
  }
}

/** What a backup password must be: at least 10 characters of at least three kinds (a–z, A–Z, 0–9, other). */
export type PasswordProblem = 'short' | 'simple';

export function passwordProblem(password: string): PasswordProblem | null {
  if ([...password].length < 10) return 'short';
  const kinds = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/].filter((k) => k.test(password)).length;
  return kinds < 3 ? 'simple' : null;
}

const HEX = /^(0x)?([0-9a-fA-F]{2})*$/;

function hex(value: unknown, bytes?: number): Uint8Array {
  if (typeof value !== 'string' || !HEX.test(value)) throw new KeystoreFailure('format');
  const out = hexToBytes(value.replace(/^0x/, ''));
  if (bytes !== undefined && out.length !== bytes) throw new KeystoreFailure('format');
  return out;
}

function int(value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw new KeystoreFailure('format');
  }
  return value;
}

function uuidV4(): string {
  const b = randomBytes(16);
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = bytesToHex(b);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const encode = (password: string) => new TextEncoder().encode(password.normalize('NFKC'));

function mac(derived: Uint8Array, ciphertext: Uint8Array): Uint8Array {
  return keccak_256(concatBytes(derived.subarray(16, 32), ciphertext));
}

/** Encrypts a 32-byte private key (hex, 0x-prefixed) for `address` into a v3 keystore. */
export async function encryptKeystore(
  privateKey: `0x${string}`,
  address: string,
  password: string,
  scrypt: { n: number; r: number; p: number } = EXPORT_SCRYPT,
): Promise<KeystoreV3> {
  const key = hex(privateKey, 32);
  const salt = randomBytes(32);
  const iv = randomBytes(16);
  const derived = await scryptAsync(encode(password), salt, {
    N: scrypt.n,
    r: scrypt.r,
    p: scrypt.p,
    dkLen: 32,
  });
  const ciphertext = ctr(derived.subarray(0, 16), iv).encrypt(key);
  return {
    version: 3,
    id: uuidV4(),
    address: address.toLowerCase().replace(/^0x/, ''),
    crypto: {
      cipher: 'aes-128-ctr',
      cipherparams: { iv: bytesToHex(iv) },
      ciphertext: bytesToHex(ciphertext),
      kdf: 'scrypt',
      kdfparams: { dklen: 32, n: scrypt.n, r: scrypt.r, p: scrypt.p, salt: bytesToHex(salt) },
      mac: bytesToHex(mac(derived, ciphertext)),
    },
  };
}

async function deriveKey(kdf: unknown, params: Record<string, unknown>, password: string) {
  const salt = hex(params.salt);
  const dkLen = int(params.dklen);
  if (dkLen < 32 || dkLen > 64) throw new KeystoreFailure('unsupported');
  if (kdf === 'scrypt') {
    const n = int(params.n);
    const r = int(params.r);
    const p = int(params.p);
    if ((n & (n - 1)) !== 0 || 128 * r * n > MAX_SCRYPT_MEMORY || r * p > 64) {
      throw new KeystoreFailure('unsupported');
    }
    return scryptAsync(encode(password), salt, { N: n, r, p, dkLen, maxmem: MAX_SCRYPT_MEMORY * 2 });
  }
  if (kdf === 'pbkdf2') {
    if (params.prf !== 'hmac-sha256') throw new KeystoreFailure('unsupported');
    const c = int(params.c);
    if (c > MAX_PBKDF2_ROUNDS) throw new KeystoreFailure('unsupported');
    return pbkdf2Async(sha256, encode(password), salt, { c, dkLen });
  }
  throw new KeystoreFailure('unsupported');
}

/** Reads a v3 keystore's text and returns the private key (0x-prefixed hex); throws `KeystoreFailure`. */
export async function decryptKeystore(text: string, password: string): Promise<`0x${string}`> {
  let file: unknown;
  try {
    file = JSON.parse(text);
  } catch {
    throw new KeystoreFailure('format');
  }
  if (typeof file !== 'object' || file === null) throw new KeystoreFailure('format');
  const record = file as Record<string, unknown>;
  if (record.version !== 3) throw new KeystoreFailure('format');
  const c = (record.crypto ?? record.Crypto) as Record<string, unknown> | undefined;
  if (typeof c !== 'object' || c === null) throw new KeystoreFailure('format');
  if (c.cipher !== 'aes-128-ctr') throw new KeystoreFailure('unsupported');
  const cipherparams = c.cipherparams as Record<string, unknown> | undefined;
  const iv = hex(cipherparams?.iv, 16);
  const ciphertext = hex(c.ciphertext);
  if (ciphertext.length !== 32) throw new KeystoreFailure('format');
  const params = c.kdfparams;
  if (typeof params !== 'object' || params === null) throw new KeystoreFailure('format');
  const derived = await deriveKey(c.kdf, params as Record<string, unknown>, password);
  const expected = hex(c.mac, 32);
  const actual = mac(derived, ciphertext);
  let diff = 0;
  for (let i = 0; i < 32; i++) diff |= (expected[i] ?? 0) ^ (actual[i] ?? 0);
  if (diff !== 0) throw new KeystoreFailure('password');
  const key = ctr(derived.subarray(0, 16), iv).decrypt(ciphertext);
  return `0x${bytesToHex(key)}`;
}

/** The file name wallets give a keystore (geth's `UTC--<time>--<address>`), with `.json` for phones. */
export function keystoreFileName(address: string, at: Date): string {
  const time = at.toISOString().replace(/:/g, '-');
  return `UTC--${time}--${address.toLowerCase().replace(/^0x/, '')}.json`;
}
