import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { signBase } from '@nexa/contract';

/*
 * The request envelope of the contract (AES-256-CBC and an HMAC-SHA-256 over iv and value, base64 JSON),
 * done with Node's synchronous crypto on the server: the same bytes as the contract's WebCrypto version
 * (the tests hold the two against each other), without four asynchronous crypto jobs per call.
 */

/** The request sign of the contract (`computeSign`: MD5 of the sorted fields and the secret, upper-case hex), by Node's MD5. */
export function computeSignNode(payload: Readonly<Record<string, unknown>>, secret: string): string {
  return createHash('md5').update(signBase(payload, secret), 'utf8').digest('hex').toUpperCase();
}

const utf8 = new TextDecoder();

/** Bytes of base64 text, or null when it is not base64 (the same text `atob` refuses). */
function fromBase64(text: string): Buffer | null {
  try {
    return Buffer.from(atob(text), 'latin1');
  } catch {
    return null;
  }
}

function mac(key: Uint8Array, ivB64: string, valueB64: string): string {
  return createHmac('sha256', key).update(ivB64).update(valueB64).digest('hex');
}

export function sealEnvelopeNode(
  plaintext: string,
  key: Uint8Array,
  iv: Uint8Array = randomBytes(16),
): string {
  const cipher = createCipheriv('aes-256-cbc', key, iv);
  const value = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]).toString('base64');
  const ivB64 = Buffer.from(iv).toString('base64');
  const body = JSON.stringify({ iv: ivB64, value, mac: mac(key, ivB64, value), tag: '' });
  return Buffer.from(body, 'utf8').toString('base64');
}

export function openEnvelopeNode(envelope: string, key: Uint8Array): string | null {
  if (typeof envelope !== 'string' || envelope.length > 4 * 1024 * 1024) return null;
  const outer = fromBase64(envelope);
  if (!outer) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(utf8.decode(outer));
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { iv, value, mac: givenMac } = parsed as Record<string, unknown>;
  if (typeof iv !== 'string' || typeof value !== 'string' || typeof givenMac !== 'string') return null;
  const ivBytes = fromBase64(iv);
  const cipherBytes = fromBase64(value);
  if (ivBytes?.length !== 16 || !cipherBytes || cipherBytes.length === 0 || cipherBytes.length % 16 !== 0)
    return null;
  const expected = Buffer.from(mac(key, iv, value), 'utf8');
  const given = Buffer.from(givenMac.toLowerCase(), 'utf8');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const decipher = createDecipheriv('aes-256-cbc', key, ivBytes);
    return utf8.decode(Buffer.concat([decipher.update(cipherBytes), decipher.final()]));
  } catch {
    return null;
  }
}
