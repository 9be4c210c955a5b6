import { randomBytes } from 'node:crypto';
import { computeSign, DEFAULT_CLIENT_CONFIG, decodeKey, openEnvelope, sealEnvelope } from '@nexa/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeSignNode, openEnvelopeNode, sealEnvelopeNode } from '../src/transport/envelope';

const key = decodeKey(DEFAULT_CLIENT_CONFIG.envelopeKey);

describe("the server's envelope", () => {
  it('writes the same bytes as the contract for the same iv, and each opens the other', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme', maxLength: 300 }), async (text) => {
        const iv = randomBytes(16);
        const mine = sealEnvelopeNode(text, key, iv);
        expect(mine).toBe(await sealEnvelope(text, key, iv));
        expect(await openEnvelope(mine, key)).toBe(text);
        expect(openEnvelopeNode(await sealEnvelope(text, key), key)).toBe(text);
      }),
      { numRuns: 200 },
    );
  });

  it('refuses what the contract refuses: a changed byte, another key, bad base64, a bad shape', async () => {
    const sealed = await sealEnvelope('{"a":1}', key);
    const inner = JSON.parse(atob(sealed)) as Record<string, string>;
    /** The text with its character at `i` changed (never to itself). */
    const changed = (text: string, i: number) =>
      `${text.slice(0, i)}${text.at(i) === 'A' ? 'B' : 'A'}${text.slice(i + 1)}`;
    const mac = inner.mac ?? '';
    const value = inner.value ?? '';
    const variants = [
      btoa(JSON.stringify({ ...inner, mac: `${mac.slice(0, -1)}${mac.endsWith('0') ? '1' : '0'}` })),
      btoa(JSON.stringify({ ...inner, value: changed(value, 0) })),
      btoa(JSON.stringify({ ...inner, iv: btoa('short') })),
      'not base64 !',
      btoa('not json'),
      btoa('[]'),
      '',
    ];
    for (const v of variants) {
      expect(openEnvelopeNode(v, key)).toBe(await openEnvelope(v, key));
      expect(openEnvelopeNode(v, key)).toBeNull();
    }
    expect(openEnvelopeNode(sealed, decodeKey(btoa('x'.repeat(32))))).toBeNull();
  });

  it('signs as the contract does: the same sign for any fields, values and secret', () => {
    const value = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 40 }), fc.integer(), fc.boolean());
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ maxLength: 12 }), value),
        fc.string({ maxLength: 40 }),
        (fields, secret) => {
          expect(computeSignNode(fields, secret)).toBe(computeSign(fields, secret));
        },
      ),
      { numRuns: 500 },
    );
  });
});
