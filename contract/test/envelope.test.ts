import { createCipheriv, createDecipheriv, createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  computeSign,
  decodeKey,
  md5Hex,
  openEnvelope,
  sealEnvelope,
  signBase,
  signPayload,
} from '../src/index';

// Fixed vector material: key = bytes 0..31, iv = bytes 100..115.
const KEY_B64 = Buffer.from(Array.from({ length: 32 }, (_, i) => i)).toString('base64');
const IV = new Uint8Array(Array.from({ length: 16 }, (_, i) => 100 + i));
const SECRET = 'test-sign-secret';

describe('md5', () => {
  it.each([
    ['', 'd41d8cd98f00b204e9800998ecf8427e'],
    ['abc', '900150983cd24fb0d6963f7d28e17f72'],
    ['The quick brown fox jumps over the lazy dog', '9e107d9d372bb6826bd81d3542a419d6'],
    ['a'.repeat(1000), createHash('md5').update('a'.repeat(1000)).digest('hex')],
    ['中文签名', createHash('md5').update('中文签名', 'utf8').digest('hex')],
  ])('md5(%j)', (text, hex) => {
    expect(md5Hex(text)).toBe(hex);
  });
});

describe('sign', () => {
  const payload = {
    size: 10,
    page: 1,
    symbol: 'BTC',
    image: 'data:...',
    sign: 'OLD',
    extra: { a: 1 },
    gone: undefined,
  };

  it('sorts keys, leaves out sign and image, appends the secret', () => {
    expect(signBase(payload, SECRET)).toBe('extra={"a":1}&page=1&size=10&symbol=BTCtest-sign-secret');
  });

  it('is the uppercase MD5 of that text (fixed vector)', () => {
    const expected = createHash('md5')
      .update('extra={"a":1}&page=1&size=10&symbol=BTCtest-sign-secret')
      .digest('hex')
      .toUpperCase();
    expect(computeSign(payload, SECRET)).toBe(expected);
    expect(computeSign({ page: 1, timestamp: 1700000000 }, 'k')).toBe(
      createHash('md5').update('page=1&timestamp=1700000000k').digest('hex').toUpperCase(),
    );
  });

  it('stamps the timestamp in seconds and signs over it', () => {
    const signed = signPayload({ page: 2 }, SECRET, 1_700_000_123, 'n1');
    expect(signed.timestamp).toBe(1_700_000_123);
    expect(signed.nonce).toBe('n1');
    expect(signed.sign).toBe(computeSign({ page: 2, timestamp: 1_700_000_123, nonce: 'n1' }, SECRET));
    const again = signPayload({ page: 2 }, SECRET, 1_700_000_123);
    expect(again.sign).not.toBe(signPayload({ page: 2 }, SECRET, 1_700_000_123).sign);
  });
});

describe('envelope', () => {
  const key = decodeKey(KEY_B64);
  const plaintext = JSON.stringify({ page: 1, size: 10, timestamp: 1700000000 });

  it('seals to the Laravel shape, matching an independent implementation (fixed vector)', async () => {
    const sealed = await sealEnvelope(plaintext, key, IV);
    // Independent construction with node:crypto.
    const cipher = createCipheriv('aes-256-cbc', Buffer.from(key), Buffer.from(IV));
    const value = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]).toString('base64');
    const iv = Buffer.from(IV).toString('base64');
    const mac = createHmac('sha256', Buffer.from(key))
      .update(iv + value)
      .digest('hex');
    const expected = Buffer.from(JSON.stringify({ iv, value, mac, tag: '' })).toString('base64');
    expect(sealed).toBe(expected);
    expect(sealed).toMatchSnapshot();
  });

  it('opens what a Laravel-style sender produced', async () => {
    const iv = Buffer.from(IV);
    const cipher = createCipheriv('aes-256-cbc', Buffer.from(key), iv);
    const value = Buffer.concat([cipher.update('{"code":200}', 'utf8'), cipher.final()]).toString('base64');
    const mac = createHmac('sha256', Buffer.from(key))
      .update(iv.toString('base64') + value)
      .digest('hex');
    const env = Buffer.from(JSON.stringify({ iv: iv.toString('base64'), value, mac, tag: '' })).toString(
      'base64',
    );
    expect(await openEnvelope(env, key)).toBe('{"code":200}');
  });

  it('round-trips with a random iv', async () => {
    const sealed = await sealEnvelope('héllo 世界', key);
    expect(await openEnvelope(sealed, key)).toBe('héllo 世界');
    const outer = JSON.parse(Buffer.from(sealed, 'base64').toString());
    const raw = createDecipheriv('aes-256-cbc', Buffer.from(key), Buffer.from(outer.iv, 'base64'));
    expect(Buffer.concat([raw.update(outer.value, 'base64'), raw.final()]).toString()).toBe('héllo 世界');
  });

  it('refuses a tampered value, a tampered mac, another key and garbage', async () => {
    const sealed = await sealEnvelope(plaintext, key, IV);
    const outer = JSON.parse(Buffer.from(sealed, 'base64').toString());
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    const rewrap = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64');
    expect(await openEnvelope(rewrap({ ...outer, value: flip(outer.value) }), key)).toBeNull();
    expect(await openEnvelope(rewrap({ ...outer, mac: flip(outer.mac) }), key)).toBeNull();
    const other = decodeKey(Buffer.alloc(32, 7).toString('base64'));
    expect(await openEnvelope(sealed, other)).toBeNull();
    expect(await openEnvelope('not base64 at all!!', key)).toBeNull();
    expect(await openEnvelope(Buffer.from('{"iv":1}').toString('base64'), key)).toBeNull();
  });

  it('accepts keys with the base64: prefix and refuses wrong sizes', () => {
    expect(decodeKey(`base64:${KEY_B64}`)).toEqual(key);
    expect(() => decodeKey(Buffer.alloc(16).toString('base64'))).toThrow();
  });
});
