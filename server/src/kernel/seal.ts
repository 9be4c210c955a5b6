import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (operators' second-factor secrets, linked exchange keys): AES-256-GCM under a 32-byte key,
 * a fresh 12-byte nonce each time, stored as `nonce.tag.body` in base64url. Opening checks the tag: a sealed
 * value changed by anyone without the key fails instead of opening to garbage.
 */
export function seal(key: Uint8Array, plain: Uint8Array): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

export function unseal(key: Uint8Array, sealed: string): Buffer {
  const [iv = '', tag = '', body = ''] = sealed.split('.');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
}
