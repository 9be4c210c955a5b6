/**
 * The card issuer, behind one interface: issue a card, ship and activate a physical one, set its PIN, freeze it,
 * tell a top-up, reveal its number to its holder, and sign the webhooks through which spending arrives
 * (authorisations, settlements, reversals, refunds). The built-in issuer is simulated in-process: test BINs,
 * Luhn-valid numbers kept sealed in its own table, and webhooks signed like a real issuer's (HMAC-SHA256 over
 * `timestamp.body`, with the timestamp in a header, replay-protected by event id). Switching to a real issuer
 * is one file implementing `CardIssuer` plus its configuration.
 */
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../kernel/clock';
import { seal, unseal } from '../../kernel/seal';
import type { Store } from '../../store';
import { cardIssuerSim } from './tables';

export interface IssuedCard {
  readonly token: string;
  readonly last4: string;
  /** MM/YY. */
  readonly expiry: string;
}

export const WEBHOOK_TYPES = ['authorization', 'settlement', 'reversal', 'refund'] as const;
export type WebhookType = (typeof WEBHOOK_TYPES)[number];

/** One event of the issuer about a card's spending; amounts are decimal USD (1:1 USDT). */
export interface CardEvent {
  readonly id: string;
  readonly type: WebhookType;
  readonly card_token: string;
  readonly auth_id: string;
  readonly amount: string;
  readonly merchant: string;
}

export interface CardIssuer {
  readonly simulated: boolean;
  /** Idempotent by `reference` (our card's id): asking twice gives the same card. */
  issue(input: { reference: string; bin: string; kind: 'virtual' | 'physical' }): Promise<IssuedCard>;
  /** A physical card leaves for the holder; the activation code travels with it. */
  ship(token: string): Promise<void>;
  activate(token: string, code: string): Promise<boolean>;
  setPin(token: string, pin: string): Promise<void>;
  freeze(token: string): Promise<void>;
  topUp(token: string, amount: string): Promise<void>;
  reveal(token: string): Promise<{ number: string; cvv: string; expiry: string }>;
  /** The simulated issuer's activation letter (null for a real issuer, or before shipping). */
  demoCode(token: string): Promise<string | null>;
  /** The headers a webhook body is signed with. */
  sign(body: string, atMs: number): Record<string, string>;
  /** Whether a webhook's signature is the issuer's, and its timestamp (ms). */
  verify(body: Buffer, headers: Readonly<Record<string, string | undefined>>): { ok: boolean; atMs: number };
}

export const SIGNATURE_HEADER = 'x-issuer-signature';
/** How the simulated issuer's card tokens begin: its cards are test cards. */
export const SIM_TOKEN_PREFIX = 'sim_';
export const TIMESTAMP_HEADER = 'x-issuer-timestamp';

/** The check digit that makes a number pass the Luhn test. */
export function luhnDigit(partial: string): number {
  let sum = 0;
  for (let i = 0; i < partial.length; i++) {
    let d = Number(partial[partial.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}
export function luhnValid(number: string): boolean {
  return /^\d{12,19}$/.test(number) && luhnDigit(number.slice(0, -1)) === Number(number.slice(-1));
}

/** HMAC-SHA256 of `timestamp.body` under the secret, hex. */
export function webhookSignature(secret: Uint8Array, timestampS: number, body: string | Buffer): string {
  return createHmac('sha256', secret).update(`${timestampS}.`).update(body).digest('hex');
}

export function createSimulatedIssuer(deps: {
  store: Store;
  clock: Clock;
  key: Uint8Array;
  secret: Uint8Array;
}) {
  const { store, clock, key, secret } = deps;
  const sealText = (t: string) => seal(key, Buffer.from(t, 'utf8'));
  const open = (t: string) => unseal(key, t).toString('utf8');

  async function row(token: string) {
    const [r] = await store.db.select().from(cardIssuerSim).where(eq(cardIssuerSim.token, token));
    if (!r) throw new Error('unknown card at the issuer');
    return r;
  }

  const issuer: CardIssuer = {
    simulated: true,
    async issue({ reference, bin, kind }) {
      const [seen] = await store.db
        .select()
        .from(cardIssuerSim)
        .where(eq(cardIssuerSim.reference, reference));
      if (seen) return { token: seen.token, last4: open(seen.numberSealed).slice(-4), expiry: seen.expiry };
      let body = bin;
      while (body.length < 15) body += String(randomInt(10));
      const number = body + String(luhnDigit(body));
      const now = clock.now();
      const expiry = `${String(now.getUTCMonth() + 1).padStart(2, '0')}/${String((now.getUTCFullYear() + 4) % 100).padStart(2, '0')}`;
      const token = `${SIM_TOKEN_PREFIX}${randomBytes(12).toString('hex')}`;
      await store.db.insert(cardIssuerSim).values({
        token,
        reference,
        numberSealed: sealText(number),
        cvvSealed: sealText(String(randomInt(1000)).padStart(3, '0')),
        expiry,
        status: kind === 'virtual' ? 'active' : 'applying',
        createdAt: now,
      });
      return { token, last4: number.slice(-4), expiry };
    },
    async ship(token) {
      await row(token);
      const code = String(randomInt(1_000_000)).padStart(6, '0');
      await store.db
        .update(cardIssuerSim)
        .set({ status: 'shipped', activationSealed: sealText(code) })
        .where(eq(cardIssuerSim.token, token));
    },
    async activate(token, code) {
      const r = await row(token);
      if (!r.activationSealed || open(r.activationSealed) !== code) return false;
      await store.db.update(cardIssuerSim).set({ status: 'active' }).where(eq(cardIssuerSim.token, token));
      return true;
    },
    async setPin(token, _pin) {
      // A real issuer keeps the PIN in its HSM; the simulation keeps nothing of it but the fact.
      await row(token);
      await store.db.update(cardIssuerSim).set({ pinSet: true }).where(eq(cardIssuerSim.token, token));
    },
    async freeze(token) {
      await store.db.update(cardIssuerSim).set({ status: 'frozen' }).where(eq(cardIssuerSim.token, token));
    },
    async topUp(token) {
      await row(token);
    },
    async reveal(token) {
      const r = await row(token);
      return { number: open(r.numberSealed), cvv: open(r.cvvSealed), expiry: r.expiry };
    },
    async demoCode(token) {
      const [r] = await store.db.select().from(cardIssuerSim).where(eq(cardIssuerSim.token, token));
      return r?.activationSealed && r.status === 'shipped' ? open(r.activationSealed) : null;
    },
    sign(body, atMs) {
      const ts = Math.floor(atMs / 1000);
      return {
        [TIMESTAMP_HEADER]: String(ts),
        [SIGNATURE_HEADER]: `v1=${webhookSignature(secret, ts, body)}`,
      };
    },
    verify(body, headers) {
      const ts = Number(headers[TIMESTAMP_HEADER]);
      const given = headers[SIGNATURE_HEADER] ?? '';
      if (!Number.isSafeInteger(ts) || !given.startsWith('v1=')) return { ok: false, atMs: 0 };
      const want = Buffer.from(webhookSignature(secret, ts, body), 'hex');
      const got = Buffer.from(given.slice(3), 'hex');
      return { ok: got.length === want.length && timingSafeEqual(got, want), atMs: ts * 1000 };
    },
  };
  return issuer;
}
