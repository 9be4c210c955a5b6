import { describe, expect, it } from 'vitest';
import {
  computeSign,
  createEnvelopeCodec,
  decodeKey,
  isResponseBody,
  openEnvelope,
  sealEnvelope,
} from '../src/index';

const KEY_B64 = Buffer.from(Array.from({ length: 32 }, (_, i) => i)).toString('base64');
const SECRET = 'test-sign-secret';
const NOW = 1_700_000_000;
const ANSWER = { code: 200, msg: 'ok', data: { list: [1, 2], total: 2 } };

const on = createEnvelopeCodec({
  protection: true,
  envelopeKey: KEY_B64,
  signSecret: SECRET,
  now: () => NOW,
});
const off = createEnvelopeCodec({ protection: false, envelopeKey: 'not a key', signSecret: SECRET });

/** What the server does with a call's body: open the envelope, read the signed payload. */
async function serverOpens(body: string): Promise<Record<string, unknown>> {
  const { payload } = JSON.parse(body) as { payload: string };
  const opened = await openEnvelope(payload, decodeKey(KEY_B64));
  if (opened === null) throw new Error('envelope did not open');
  return JSON.parse(opened) as Record<string, unknown>;
}

/** What the server sends back with protection on. */
async function serverSeals(answer: unknown): Promise<string> {
  return JSON.stringify({ payload: await sealEnvelope(JSON.stringify(answer), decodeKey(KEY_B64)) });
}

describe('envelope codec, protection on', () => {
  it('seals a signed, stamped body the server opens', async () => {
    const body = await on.encode({ page: 1, symbol: 'BTC' });
    expect(Object.keys(JSON.parse(body))).toEqual(['payload']);
    const signed = await serverOpens(body);
    expect(signed).toMatchObject({ page: 1, symbol: 'BTC', timestamp: NOW });
    expect(typeof signed.nonce).toBe('string');
    const { sign, ...rest } = signed;
    expect(sign).toBe(computeSign(rest, SECRET));
  });

  it('opens a sealed answer', async () => {
    expect(await on.decode(await serverSeals(ANSWER))).toEqual(ANSWER);
  });

  it('round trip: what it seals, it opens', async () => {
    const sealed = await on.encode(ANSWER);
    const answer = await on.decode(sealed);
    expect(answer).toMatchObject({ ...ANSWER, timestamp: NOW });
  });

  it('takes a plain answer as it is (an error before the envelope)', async () => {
    const plain = { code: 500, msg: 'down', data: null };
    expect(await on.decode(JSON.stringify(plain))).toEqual(plain);
  });

  it('a tampered payload gives null', async () => {
    const sealed = JSON.parse(await serverSeals(ANSWER)) as { payload: string };
    const inner = JSON.parse(atob(sealed.payload)) as { iv: string; value: string; mac: string };
    const flipped = inner.value[0] === 'A' ? `B${inner.value.slice(1)}` : `A${inner.value.slice(1)}`;
    const tampered = btoa(JSON.stringify({ ...inner, value: flipped }));
    expect(await on.decode(JSON.stringify({ payload: tampered }))).toBeNull();
    expect(await on.decode(JSON.stringify({ payload: 'not base64 at all!' }))).toBeNull();
  });

  it('an envelope holding something other than an answer gives null', async () => {
    const sealed = await sealEnvelope('not json', decodeKey(KEY_B64));
    expect(await on.decode(JSON.stringify({ payload: sealed }))).toBeNull();
    expect(await on.decode(await serverSeals({ code: '200', data: 1 }))).toBeNull();
  });

  it('a malformed key throws when the codec is made', () => {
    expect(() =>
      createEnvelopeCodec({ protection: true, envelopeKey: 'short', signSecret: SECRET }),
    ).toThrow();
  });
});

describe('envelope codec, protection off', () => {
  it('sends the body as plain JSON, unsigned', async () => {
    expect(await off.encode({ page: 2 })).toBe('{"page":2}');
  });

  it('reads a plain answer; leaves a payload field unopened', async () => {
    expect(await off.decode(JSON.stringify(ANSWER))).toEqual(ANSWER);
    expect(await off.decode(await serverSeals(ANSWER))).toBeNull();
  });

  it('text that is not JSON, or not an answer, gives null', async () => {
    expect(await off.decode('<html>')).toBeNull();
    expect(await off.decode('{"code":200}')).toBeNull();
    expect(await off.decode('null')).toBeNull();
  });
});

describe('isResponseBody', () => {
  it.each([
    [{ code: 200, msg: '', data: null }, true],
    [{ code: 200, data: undefined }, true],
    [{ code: '200', data: {} }, false],
    [{ code: 200 }, false],
    [[], false],
    [null, false],
    ['{"code":200,"data":1}', false],
  ])('%j → %s', (value, expected) => {
    expect(isResponseBody(value)).toBe(expected);
  });
});
