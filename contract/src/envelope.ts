import { md5Hex } from './md5';

/**
 * Request protection (spec section 7, second code line).
 *
 * sign:     uppercase MD5 of `k1=v1&k2=v2…` over the payload's keys sorted, leaving out
 *           `sign` and `image`, with the shared secret appended.
 * envelope: AES-256-CBC of the JSON text, wrapped as base64(JSON{iv, value, mac, tag:""})
 *           with `mac` = lowercase hex HMAC-SHA256 over the base64 strings iv + value.
 *
 * This gives tamper evidence, replay protection and obfuscation. It is not secrecy: the
 * key ships inside the web app. TLS is what keeps traffic private.
 * Runs unchanged in the browser and in Node (Web Crypto).
 */

export const SIGN_EXCLUDED_KEYS: readonly string[] = ['sign', 'image'];

function signValue(value: unknown): string {
  if (value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The text the sign is computed over, secret included. Keys whose value is undefined are left out. */
export function signBase(payload: Readonly<Record<string, unknown>>, secret: string): string {
  const keys = Object.keys(payload)
    .filter((k) => !SIGN_EXCLUDED_KEYS.includes(k) && payload[k] !== undefined)
    .sort();
  return keys.map((k) => `${k}=${signValue(payload[k])}`).join('&') + secret;
}

export function computeSign(payload: Readonly<Record<string, unknown>>, secret: string): string {
  return md5Hex(signBase(payload, secret)).toUpperCase();
}

/** A random request nonce: two identical calls in the same second still differ in their sign. */
export function requestNonce(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(12));
  let out = '';
  for (let i = 0; i < bytes.length; i++) out += (bytes[i] ?? 0).toString(16).padStart(2, '0');
  return out;
}

/** Adds `timestamp` (seconds), a `nonce` and `sign` to a payload. */
export function signPayload(
  payload: Readonly<Record<string, unknown>>,
  secret: string,
  nowSeconds: number,
  nonce: string = requestNonce(),
): Record<string, unknown> {
  const stamped: Record<string, unknown> = { ...payload, timestamp: nowSeconds, nonce };
  delete stamped.sign;
  return { ...stamped, sign: computeSign(stamped, secret) };
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i] ?? 0);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array | null {
  try {
    const binary = atob(text);
    const out = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
    return out;
  } catch {
    return null;
  }
}

function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (let i = 0; i < bytes.length; i++) hex += (bytes[i] ?? 0).toString(16).padStart(2, '0');
  return hex;
}

/** Decode a key given as base64 (optionally with Laravel's `base64:` prefix). */
export function decodeKey(text: string): Uint8Array {
  const bytes = fromBase64(text.replace(/^base64:/, ''));
  if (bytes?.length !== 32) throw new Error('envelope key must be 32 bytes of base64');
  return bytes;
}

function subtle(): SubtleCrypto {
  return globalThis.crypto.subtle;
}

// Keys imported once per raw key; importing is the slow part of Web Crypto.
const aesCache = new WeakMap<Uint8Array, Promise<CryptoKey>>();
const hmacCache = new WeakMap<Uint8Array, Promise<CryptoKey>>();

function buf(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

function aesKey(key: Uint8Array): Promise<CryptoKey> {
  let k = aesCache.get(key);
  if (!k) {
    k = subtle().importKey('raw', buf(key), { name: 'AES-CBC' }, false, ['encrypt', 'decrypt']);
    aesCache.set(key, k);
  }
  return k;
}

function hmacKey(key: Uint8Array): Promise<CryptoKey> {
  let k = hmacCache.get(key);
  if (!k) {
    k = subtle().importKey('raw', buf(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    hmacCache.set(key, k);
  }
  return k;
}

async function mac(key: Uint8Array, ivB64: string, valueB64: string): Promise<string> {
  const sig = await subtle().sign('HMAC', await hmacKey(key), buf(encoder.encode(ivB64 + valueB64)));
  return toHex(new Uint8Array(sig));
}

/** Encrypts text into the envelope. `iv` is for test vectors only; normally it is random. */
export async function sealEnvelope(plaintext: string, key: Uint8Array, iv?: Uint8Array): Promise<string> {
  const ivBytes = iv ?? globalThis.crypto.getRandomValues(new Uint8Array(16));
  const cipher = await subtle().encrypt(
    { name: 'AES-CBC', iv: buf(ivBytes) },
    await aesKey(key),
    buf(encoder.encode(plaintext)),
  );
  const ivB64 = toBase64(ivBytes);
  const value = toBase64(new Uint8Array(cipher));
  const body = JSON.stringify({ iv: ivB64, value, mac: await mac(key, ivB64, value), tag: '' });
  return toBase64(encoder.encode(body));
}

function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** Opens an envelope; null when it is malformed or its MAC does not verify. */
export async function openEnvelope(envelope: string, key: Uint8Array): Promise<string | null> {
  if (typeof envelope !== 'string' || envelope.length > 4 * 1024 * 1024) return null;
  const outer = fromBase64(envelope);
  if (!outer) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(decoder.decode(outer));
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { iv, value, mac: givenMac } = parsed as Record<string, unknown>;
  if (typeof iv !== 'string' || typeof value !== 'string' || typeof givenMac !== 'string') return null;
  const ivBytes = fromBase64(iv);
  const cipher = fromBase64(value);
  if (ivBytes?.length !== 16 || !cipher || cipher.length === 0 || cipher.length % 16 !== 0) return null;
  if (!constantTimeEqual(await mac(key, iv, value), givenMac.toLowerCase())) return null;
  try {
    const plain = await subtle().decrypt(
      { name: 'AES-CBC', iv: buf(ivBytes) },
      await aesKey(key),
      buf(cipher),
    );
    return decoder.decode(plain);
  } catch {
    return null;
  }
}

/** How far a request's timestamp may be from the server's clock. */
export const TIMESTAMP_WINDOW_S = 300;

/**
 * The spot book a call is for, sent in clear beside the sealed body (the web app sets it when the body names
 * an instrument): a load balancer sends the call straight to the instance running that book. It is a hint
 * only: the server routes by the body it opened, and a wrong or missing hint costs one hop, nothing else.
 */
export const BOOK_HEADER = 'x-nexa-book';

/** The hint for a body: its instrument when it names one (a book's id is short and plain). */
export function bookHint(body: Record<string, unknown>): string | null {
  const instId = body.instId;
  return typeof instId === 'string' && /^[A-Z0-9-]{3,30}$/.test(instId) ? instId : null;
}
