import { createHash, ECDH } from 'node:crypto';
import { keccak256 } from 'viem';
import { HDKey } from 'viem/accounts';

/**
 * Deposit addresses derived from the platform's extended public key: the server holds no deposit keys.
 * Each address family has its own branch of the key, the user's id is the index under it:
 * EVM networks (ERC20, BEP20, …) m/0/<user id> (the same branch the EVM watcher uses), Tron m/1/<user id>,
 * Bitcoin m/2/<user id>.
 */
export const ADDRESS_FAMILIES = ['evm', 'tron', 'bitcoin'] as const;
export type AddressFamily = (typeof ADDRESS_FAMILIES)[number];

const BRANCH: Readonly<Record<AddressFamily, number>> = { evm: 0, tron: 1, bitcoin: 2 };

/** Largest non-hardened child index. */
export const MAX_CHILD_INDEX = 0x7fffffff;

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function sha256(data: Uint8Array): Buffer {
  return createHash('sha256').update(data).digest();
}

/** Base58 of the bytes followed by the first four bytes of their double SHA-256 (Bitcoin's and Tron's form). */
export function base58check(payload: Uint8Array): string {
  const bytes = Buffer.concat([payload, sha256(sha256(payload)).subarray(0, 4)]);
  let n = BigInt(`0x${bytes.toString('hex') || '0'}`);
  let out = '';
  while (n > 0n) {
    out = ALPHABET[Number(n % 58n)] + out;
    n /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = `1${out}`;
  }
  return out;
}

/** The payload of a base58check text, or null when it is not one (bad character or checksum). */
export function base58checkDecode(text: string): Buffer | null {
  let n = 0n;
  for (const ch of text) {
    const v = ALPHABET.indexOf(ch);
    if (v < 0) return null;
    n = n * 58n + BigInt(v);
  }
  let hex = n.toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  const zeros = text.length - text.replace(/^1+/, '').length;
  const bytes = Buffer.concat([Buffer.alloc(zeros), n === 0n ? Buffer.alloc(0) : Buffer.from(hex, 'hex')]);
  if (bytes.length < 5) return null;
  const payload = bytes.subarray(0, -4);
  return sha256(sha256(payload)).subarray(0, 4).equals(bytes.subarray(-4)) ? payload : null;
}

const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

function polymod(values: readonly number[]): number {
  const GEN = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i += 1) if ((top >>> i) & 1) chk ^= GEN[i] ?? 0;
  }
  return chk >>> 0;
}

function hrpExpand(hrp: string): number[] {
  const codes = [...hrp].map((c) => c.charCodeAt(0));
  return [...codes.map((c) => c >> 5), 0, ...codes.map((c) => c & 31)];
}

/** 8-bit bytes as 5-bit groups, the last one padded with zeros. */
function toWords(bytes: Uint8Array): number[] {
  const words: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const b of bytes) {
    acc = (acc << 8) | b;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      words.push((acc >>> bits) & 31);
    }
  }
  if (bits > 0) words.push((acc << (5 - bits)) & 31);
  return words;
}

/** A segregated-witness version 0 address (BIP 173): `bc1q…` for a 20-byte key hash on mainnet. */
export function segwitV0Address(hrp: string, program: Uint8Array): string {
  const data = [0, ...toWords(program)];
  const mod = polymod([...hrpExpand(hrp), ...data, 0, 0, 0, 0, 0, 0]) ^ 1;
  const checksum = Array.from({ length: 6 }, (_, i) => (mod >>> (5 * (5 - i))) & 31);
  return `${hrp}1${[...data, ...checksum].map((w) => BECH32[w]).join('')}`;
}

/** Whether a text is a valid bech32 string of the given human-readable part (checksum included). */
export function isBech32(text: string, hrp: string): boolean {
  const lower = text.toLowerCase();
  if (!lower.startsWith(`${hrp}1`)) return false;
  const words = [...lower.slice(hrp.length + 1)].map((c) => BECH32.indexOf(c));
  if (words.length < 7 || words.some((w) => w < 0)) return false;
  return polymod([...hrpExpand(hrp), ...words]) === 1;
}

function uncompressed(publicKey: Uint8Array): Buffer {
  return ECDH.convertKey(Buffer.from(publicKey), 'secp256k1', undefined, undefined, 'uncompressed') as Buffer;
}

function compressed(publicKey: Uint8Array): Buffer {
  return ECDH.convertKey(Buffer.from(publicKey), 'secp256k1', undefined, undefined, 'compressed') as Buffer;
}

/** The 20 bytes of an EVM address: the last 20 of keccak-256 of the uncompressed key without its prefix. */
function evmBytes(publicKey: Uint8Array): Buffer {
  const hash = keccak256(uncompressed(publicKey).subarray(1));
  return Buffer.from(hash.slice(2), 'hex').subarray(12);
}

/** The address of a public key (compressed or not) in a family's form; EVM addresses in lowercase. */
export function addressOf(family: AddressFamily, publicKey: Uint8Array): string {
  switch (family) {
    case 'evm':
      return `0x${evmBytes(publicKey).toString('hex')}`;
    case 'tron':
      return base58check(Buffer.concat([Buffer.from([0x41]), evmBytes(publicKey)]));
    case 'bitcoin': {
      const keyHash = createHash('ripemd160')
        .update(sha256(compressed(publicKey)))
        .digest();
      return segwitV0Address('bc', keyHash);
    }
  }
}

/** Whether a text has the form of an address of the family (checksums checked where the form has one). */
export function isAddressOf(family: AddressFamily, text: string): boolean {
  switch (family) {
    case 'evm':
      return /^0x[0-9a-fA-F]{40}$/.test(text);
    case 'tron': {
      const payload = base58checkDecode(text);
      return payload !== null && payload.length === 21 && payload[0] === 0x41;
    }
    case 'bitcoin':
      return isBech32(text, 'bc') || isBech32(text, 'tb');
  }
}

/** Derives users' addresses from one extended public key (refuses a private one). */
export function createAddressDeriver(xpub: string) {
  const root = HDKey.fromExtendedKey(xpub);
  if (root.privateKey) throw new Error('deposit key must be an extended public key, not a private one');
  const branches = new Map(ADDRESS_FAMILIES.map((f) => [f, root.deriveChild(BRANCH[f])] as const));
  return function derive(family: AddressFamily, index: number): string {
    if (!Number.isSafeInteger(index) || index < 0 || index > MAX_CHILD_INDEX) {
      throw new Error(`bad derivation index ${index}`);
    }
    const child = branches.get(family)?.deriveChild(index);
    if (!child?.publicKey) throw new Error('derived key without public key');
    return addressOf(family, child.publicKey);
  };
}
export type AddressDeriver = ReturnType<typeof createAddressDeriver>;

/** The 20 bytes of a Tron address in lowercase hex, from `T…` or `41…`; null when it is neither. */
export function tronHex(address: string): string | null {
  if (/^41[0-9a-fA-F]{40}$/.test(address)) return address.slice(2).toLowerCase();
  const payload = base58checkDecode(address);
  if (payload?.length !== 21 || payload[0] !== 0x41) return null;
  return payload.subarray(1).toString('hex');
}

/** The base58check `T…` form of 20 address bytes given in hex. */
export function tronBase58(hex20: string): string {
  return base58check(Buffer.from(`41${hex20}`, 'hex'));
}
