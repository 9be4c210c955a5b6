/**
 * Identity verification and payment cards.
 *
 * Verification: the form and three images (uploaded through signed links), one approved per user, one pending
 * at a time; operators approve or reject with a reason; a rejected one is corrected and sent again.
 *
 * Cards: any card needs an approved verification. A virtual card is issued at once for its fee; a physical one
 * needs a shipping address, is `applying` until shipped and `shipped` until activated with its letter's code.
 * The card account (USDT, kind `card`) is the balance every card of the user spends from: top-ups arrive from
 * the spot account less the fee; spending arrives from the issuer's signed webhooks, each applied once by its
 * event id: an authorisation holds, a settlement takes what was held (and lets the rest go), a reversal lets a
 * hold go, a refund gives back at most what was settled. Events out of order leave the same balances: a
 * settlement or reversal that arrives first records the authorisation's end, and the late authorisation then
 * changes nothing. Settled money goes to `system:cards:issuer` (what we owe the issuer); refunds come back
 * from it.
 */
import { hkdfSync, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { formatAmount, parseAmount, RATE_ONE, type ResponseData, USDT_SCALE } from '@nexa/contract';
import { and, asc, count, desc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import { auditOperator } from '../../kernel/audit';
import { type BlobStore, localBlobStore, s3BlobStore } from '../../kernel/blobs';
import type { AppDeps } from '../../kernel/context';
import { DomainError, ValidationError } from '../../kernel/errors';
import type { RawReply, RawRequest } from '../../kernel/module';
import { MemoryRateLimiter } from '../../kernel/rate-limit';
import { seal, unseal } from '../../kernel/seal';
import { minOf } from '../../kernel/units';
import type { Ledger } from '../../ledger';
import { schema, type Tx } from '../../store';
import { onPage, pageAnswer } from '../../store/paging';
import { type CardEvent, type CardIssuer, createSimulatedIssuer, WEBHOOK_TYPES } from './issuer';
import { ageOn, NATIONS, weakPin } from './nations';
import { CARDS_SETTINGS } from './settings';
import {
  cardAddresses,
  cardEvents,
  cardRecharges,
  cardSpends,
  cards,
  kycSubmissions,
  uploads,
} from './tables';
import { createUploads } from './uploads';

export const CARDS_SYSTEM = {
  fees: 'system:cards:fees',
  /** Settled card spending, owed to the issuer; refunds come back from it. */
  issuer: 'system:cards:issuer',
} as const;

type KycRow = typeof kycSubmissions.$inferSelect;
type CardRow = typeof cards.$inferSelect;
type SpendRow = typeof cardSpends.$inferSelect;
type KycView = ResponseData<'/api/visa/kycDetail'>;
type CardView = ResponseData<'/api/visa/cardDetail'> extends infer T ? Omit<T, 'balance' | 'held'> : never;

export interface CardsDeps extends AppDeps {
  readonly ledger: Ledger;
  /** Proves again that the signed-in user holds their wallet (a fresh sign-in message). */
  readonly reauthenticate: (
    userId: number,
    input: { message: string; sign_message: string },
  ) => Promise<void>;
  readonly issuer?: CardIssuer;
  readonly blobs?: BlobStore;
}

const USDT = 'USDT';
const fmt = (v: bigint) => formatAmount(v, USDT_SCALE);
const derive = (key: Uint8Array, info: string) =>
  new Uint8Array(hkdfSync('sha256', key, new Uint8Array(0), info, 32));

/** The fee of a top-up: amount × rate, rounded up to the minor unit. */
export function topupFee(amount: bigint, rate: bigint): bigint {
  return (amount * rate + RATE_ONE - 1n) / RATE_ONE;
}

export function createCards(deps: CardsDeps) {
  const { store, clock, ledger, config } = deps;
  const settings = deps.settings.of(CARDS_SETTINGS);
  const docKey = derive(config.operatorKey, 'kyc-documents');
  const issuer =
    deps.issuer ??
    createSimulatedIssuer({
      store,
      clock,
      key: derive(config.operatorKey, 'card-issuer-sim'),
      secret: derive(config.operatorKey, 'card-issuer-webhook'),
    });
  const files = createUploads({
    store,
    clock,
    blobs:
      deps.blobs ??
      (config.s3
        ? s3BlobStore({ ...config.s3, prefix: 'uploads' })
        : localBlobStore(join(config.dataDir, 'uploads'))),
    sealKey: derive(config.operatorKey, 'uploads'),
    linkKey: derive(config.operatorKey, 'upload-links'),
    terms: async () => ({
      maxBytes: await settings.get('uploads.max_bytes'),
      maxPixels: await settings.get('uploads.max_pixels'),
      ttlS: await settings.get('uploads.link_ttl_s'),
      perHour: await settings.get('uploads.per_hour'),
      decodeTimeoutS: await settings.get('uploads.decode_timeout_s'),
      decodeConcurrency: await settings.get('uploads.decode_concurrency'),
    }),
  });
  const limiter = new MemoryRateLimiter();
  const money = (text: string, field = 'amount') => {
    const v = parseAmount(text, USDT_SCALE);
    if (v === null || v <= 0n) throw new ValidationError(field, 'invalid_value');
    return v;
  };

  // ---------------------------------------------------------------- verification

  async function kycView(k: KycRow, viewer: string): Promise<KycView> {
    const link = async (id: string) => {
      const [u] = await store.db.select().from(uploads).where(eq(uploads.id, id));
      return u?.status === 'stored' ? files.viewLink(id, viewer) : null;
    };
    return {
      id: k.id,
      country: k.country,
      doc_type: k.docType as KycView['doc_type'],
      doc_number: `••••${k.docLast4}`,
      surname: k.surname,
      given_name: k.givenName,
      birth_date: k.birthDate,
      front: await link(k.frontUpload),
      back: await link(k.backUpload),
      selfie: await link(k.selfieUpload),
      status: k.status,
      reason: k.reason,
      created_at: k.createdAt.toISOString(),
      reviewed_at: k.reviewedAt?.toISOString() ?? null,
    };
  }

  type KycInput = {
    country: string;
    doc_type: KycView['doc_type'];
    doc_number: string;
    surname: string;
    given_name: string;
    birth_date: string;
    front_upload: string;
    back_upload: string;
    selfie_upload: string;
  };

  /** The form's checks: a known country and document, a number of its format, a real date of an adult. */
  async function checkForm(body: KycInput) {
    const nation = NATIONS.find((n) => n.code === body.country.toUpperCase());
    if (!nation) throw new ValidationError('country', 'invalid_value');
    if (!nation.doc_types.includes(body.doc_type)) throw new ValidationError('doc_type', 'invalid_value');
    const number = body.doc_number.toUpperCase().replace(/\s+/g, '');
    const pattern = nation.doc_patterns[body.doc_type];
    if (pattern && !new RegExp(pattern).test(number))
      throw new ValidationError('doc_number', 'invalid_format');
    const age = ageOn(body.birth_date, clock.now());
    if (age === null || age > 130) throw new ValidationError('birth_date', 'invalid_value');
    if (age < (await settings.get('kyc.min_age'))) throw new ValidationError('birth_date', 'too_young');
    return { country: nation.code, number };
  }

  /** The three images are the user's own, stored, of the right purpose, and not another verification's. */
  async function takeImages(tx: Tx, userId: number, body: KycInput, kycId: number) {
    const by = `kyc:${kycId}`;
    for (const [id, purpose] of [
      [body.front_upload, 'kyc_front'],
      [body.back_upload, 'kyc_back'],
      [body.selfie_upload, 'kyc_selfie'],
    ] as const) {
      if (!(await files.take(tx, userId, id, purpose, by))) throw new DomainError('UploadNotFound');
    }
  }

  async function addKyc(userId: number, body: KycInput): Promise<KycView> {
    const form = await checkForm(body);
    const row = await store.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`kyc:${userId}`}))`);
      const open = await tx
        .select({ status: kycSubmissions.status })
        .from(kycSubmissions)
        .where(
          and(eq(kycSubmissions.userId, userId), inArray(kycSubmissions.status, ['pending', 'approved'])),
        );
      if (open.some((o) => o.status === 'approved')) throw new DomainError('KycApproved');
      if (open.length > 0) throw new DomainError('KycPending');
      const [k] = await tx
        .insert(kycSubmissions)
        .values({
          userId,
          country: form.country,
          docType: body.doc_type,
          docNumberSealed: seal(docKey, Buffer.from(form.number, 'utf8')),
          docLast4: form.number.slice(-4),
          surname: body.surname,
          givenName: body.given_name,
          birthDate: body.birth_date,
          frontUpload: body.front_upload,
          backUpload: body.back_upload,
          selfieUpload: body.selfie_upload,
          status: 'pending',
          createdAt: clock.now(),
        })
        .returning();
      if (!k) throw new Error('verification not written');
      await takeImages(tx, userId, body, k.id);
      return k;
    });
    return kycView(row, `u:${userId}`);
  }

  async function mineKyc(userId: number, id: number): Promise<KycRow> {
    const [k] = await store.db
      .select()
      .from(kycSubmissions)
      .where(and(eq(kycSubmissions.id, id), eq(kycSubmissions.userId, userId)));
    if (!k) throw new DomainError('KycNotFound');
    return k;
  }

  async function editKyc(userId: number, body: KycInput & { id: number }): Promise<KycView> {
    const form = await checkForm(body);
    await mineKyc(userId, body.id);
    const row = await store.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`kyc:${userId}`}))`);
      const [k] = await tx.select().from(kycSubmissions).where(eq(kycSubmissions.id, body.id)).for('update');
      if (!k || k.userId !== userId) throw new DomainError('KycNotFound');
      if (k.status !== 'failed') throw new DomainError('KycNotEditable');
      const others = await tx
        .select({ id: kycSubmissions.id })
        .from(kycSubmissions)
        .where(
          and(
            eq(kycSubmissions.userId, userId),
            inArray(kycSubmissions.status, ['pending', 'approved']),
            ne(kycSubmissions.id, k.id),
          ),
        );
      if (others.length > 0) throw new DomainError('KycNotEditable');
      await takeImages(tx, userId, body, k.id);
      const [next] = await tx
        .update(kycSubmissions)
        .set({
          country: form.country,
          docType: body.doc_type,
          docNumberSealed: seal(docKey, Buffer.from(form.number, 'utf8')),
          docLast4: form.number.slice(-4),
          surname: body.surname,
          givenName: body.given_name,
          birthDate: body.birth_date,
          frontUpload: body.front_upload,
          backUpload: body.back_upload,
          selfieUpload: body.selfie_upload,
          status: 'pending',
          reason: null,
          reviewedAt: null,
          reviewedBy: null,
        })
        .where(eq(kycSubmissions.id, k.id))
        .returning();
      return next ?? k;
    });
    return kycView(row, `u:${userId}`);
  }

  async function kycList(userId: number, q: { page: number; size: number }) {
    const where = eq(kycSubmissions.userId, userId);
    const [rows, [total]] = await Promise.all([
      onPage(store.db.select().from(kycSubmissions).where(where).orderBy(desc(kycSubmissions.id)), q),
      store.db.select({ n: count() }).from(kycSubmissions).where(where),
    ]);
    const list = [];
    for (const r of rows) list.push(await kycView(r, `u:${userId}`));
    return pageAnswer(list, total);
  }

  /** The verification that decides: the approved one, else the newest. */
  async function current(userId: number): Promise<KycRow | null> {
    const rows = await store.db
      .select()
      .from(kycSubmissions)
      .where(eq(kycSubmissions.userId, userId))
      .orderBy(desc(kycSubmissions.id))
      .limit(20);
    return rows.find((r) => r.status === 'approved') ?? rows[0] ?? null;
  }

  async function showRealName(userId: number) {
    const k = await current(userId);
    return { status: k ? k.status : ('none' as const), kyc: k ? await kycView(k, `u:${userId}`) : null };
  }

  async function adminKycList(
    q: { status?: KycRow['status'] | undefined; page: number; size: number },
    opId: number,
  ) {
    const where = q.status ? eq(kycSubmissions.status, q.status) : undefined;
    const [rows, [total]] = await Promise.all([
      onPage(
        store.db
          .select({ k: kycSubmissions, uid: schema.users.uid, address: schema.users.address })
          .from(kycSubmissions)
          .innerJoin(schema.users, eq(schema.users.id, kycSubmissions.userId))
          .where(where)
          .orderBy(asc(kycSubmissions.id)),
        q,
      ),
      store.db.select({ n: count() }).from(kycSubmissions).where(where),
    ]);
    const list = [];
    for (const r of rows) {
      list.push({
        ...(await kycView(r.k, `op:${opId}`)),
        // Operators read the whole number to compare it with the images.
        doc_number: unseal(docKey, r.k.docNumberSealed).toString('utf8'),
        user: { uid: r.uid, address: r.address },
      });
    }
    return pageAnswer(list, total);
  }

  async function review(
    operatorId: number | null,
    body: { id: number; decision: 'approve' | 'reject'; reason?: string | undefined },
  ): Promise<KycView> {
    if (body.decision === 'reject' && !body.reason) throw new ValidationError('reason', 'required');
    const row = await store.db.transaction(async (tx) => {
      const [k] = await tx.select().from(kycSubmissions).where(eq(kycSubmissions.id, body.id)).for('update');
      if (!k) throw new DomainError('KycNotFound');
      if (k.status !== 'pending') throw new DomainError('KycNotEditable');
      const [next] = await tx
        .update(kycSubmissions)
        .set({
          status: body.decision === 'approve' ? 'approved' : 'failed',
          reason: body.decision === 'reject' ? (body.reason ?? null) : null,
          reviewedAt: clock.now(),
          reviewedBy: operatorId,
        })
        .where(eq(kycSubmissions.id, k.id))
        .returning();
      if (operatorId !== null)
        await auditOperator(tx, clock.now(), {
          operatorId,
          action: `kyc.${body.decision}`,
          subject: `kyc:${k.id}`,
          before: { status: k.status },
          after: { status: next?.status, reason: next?.reason },
        });
      return next ?? k;
    });
    return kycView(row, operatorId === null ? `u:${row.userId}` : `op:${operatorId}`);
  }

  async function approvedKyc(userId: number): Promise<KycRow> {
    const k = await current(userId);
    if (k?.status !== 'approved') throw new DomainError('KycRequired');
    return k;
  }

  // ---------------------------------------------------------------- addresses

  type AddressInput = {
    name: string;
    phone: string;
    country: string;
    city: string;
    line1: string;
    line2: string;
    postcode: string;
  };
  const addressView = (a: typeof cardAddresses.$inferSelect) => ({
    id: a.id,
    name: a.name,
    phone: a.phone,
    country: a.country,
    city: a.city,
    line1: a.line1,
    line2: a.line2,
    postcode: a.postcode,
    created_at: a.createdAt.toISOString(),
  });
  async function addAddress(userId: number, body: AddressInput) {
    const [a] = await store.db
      .insert(cardAddresses)
      .values({ ...body, country: body.country.toUpperCase(), userId, createdAt: clock.now() })
      .returning();
    if (!a) throw new Error('address not written');
    return addressView(a);
  }
  async function mineAddress(userId: number, id: number) {
    const [a] = await store.db
      .select()
      .from(cardAddresses)
      .where(and(eq(cardAddresses.id, id), eq(cardAddresses.userId, userId)));
    if (!a) throw new DomainError('AddressNotFound');
    return a;
  }
  async function editAddress(userId: number, body: AddressInput & { id: number }) {
    await mineAddress(userId, body.id);
    const { id, ...rest } = body;
    const [a] = await store.db
      .update(cardAddresses)
      .set({ ...rest, country: rest.country.toUpperCase() })
      .where(and(eq(cardAddresses.id, id), eq(cardAddresses.userId, userId)))
      .returning();
    if (!a) throw new DomainError('AddressNotFound');
    return addressView(a);
  }
  async function addressList(userId: number, q: { page: number; size: number }) {
    const where = eq(cardAddresses.userId, userId);
    const [rows, [total]] = await Promise.all([
      onPage(store.db.select().from(cardAddresses).where(where).orderBy(desc(cardAddresses.id)), q),
      store.db.select({ n: count() }).from(cardAddresses).where(where),
    ]);
    return pageAnswer(rows.map(addressView), total);
  }

  // ---------------------------------------------------------------- cards

  async function bins() {
    return (await settings.get('cards.bins')).map((b) => ({ ...b }));
  }

  async function cardView(c: CardRow): Promise<CardView> {
    const digits = c.bin.slice(0, 6);
    return {
      id: c.id,
      kind: c.kind,
      brand: c.brand,
      bin: c.bin,
      last4: c.last4,
      masked: `${digits.slice(0, 4)} ${digits.slice(4, 6)}•• •••• ${c.last4 || '••••'}`,
      holder: c.holder,
      expiry: c.expiry,
      status: c.status === 'issuing' || c.status === 'failed' ? 'applying' : c.status,
      pin_set: c.pinSet,
      fee: fmt(c.fee),
      address_id: c.addressId,
      tracking: c.tracking,
      replaced_by: c.replacedBy,
      demo_code:
        issuer.simulated && c.status === 'shipped' && c.issuerToken
          ? await issuer.demoCode(c.issuerToken)
          : null,
      created_at: c.createdAt.toISOString(),
    };
  }

  async function mineCard(userId: number, id: number): Promise<CardRow> {
    const [c] = await store.db
      .select()
      .from(cards)
      .where(and(eq(cards.id, id), eq(cards.userId, userId), ne(cards.status, 'failed')));
    if (!c) throw new DomainError('CardNotFound');
    return c;
  }

  /**
   * A new card: the fee paid and the row written in one transaction, then the issuer asked (idempotent by our
   * card's id), then the card completed. An issuer that refuses leaves the card failed and the fee returned.
   */
  async function openCard(
    userId: number,
    body: { bin: string; address_id?: number | undefined; request_id?: string | undefined },
    kind: 'virtual' | 'physical',
    replaces: CardRow | null = null,
  ): Promise<CardView> {
    const k = await approvedKyc(userId);
    const bin = (await bins()).find((b) => b.bin === body.bin && b.kind === kind);
    if (!bin) throw new DomainError('BinNotFound');
    if (kind === 'physical') {
      if (body.address_id === undefined) throw new ValidationError('address_id', 'required');
      await mineAddress(userId, body.address_id);
    }
    const fee = replaces ? money(await settings.get('cards.replace_fee')) : money(bin.fee);
    const max = await settings.get(kind === 'virtual' ? 'cards.max_virtual' : 'cards.max_physical');
    const scope = replaces ? 'cards.replace' : `cards.open.${kind}`;
    const { id } = await ledger.withIdempotency(userId, body.request_id, scope, body, async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`cards:${userId}`}))`);
      if (replaces) {
        const [old] = await tx.select().from(cards).where(eq(cards.id, replaces.id)).for('update');
        if (!old || !['active', 'shipped', 'frozen'].includes(old.status))
          throw new DomainError('CardNotActive');
      } else {
        const [held] = await tx
          .select({ n: count() })
          .from(cards)
          .where(
            and(
              eq(cards.userId, userId),
              eq(cards.kind, kind),
              inArray(cards.status, ['issuing', 'applying', 'shipped', 'active', 'frozen']),
            ),
          );
        if ((held?.n ?? 0) >= max) throw new DomainError('CardLimit', { max: String(max) });
      }
      const [c] = await tx
        .insert(cards)
        .values({
          userId,
          kind,
          bin: bin.bin,
          brand: bin.brand,
          holder: `${k.givenName} ${k.surname}`.toUpperCase(),
          status: 'issuing',
          fee,
          addressId: body.address_id ?? null,
          replaces: replaces?.id ?? null,
          createdAt: clock.now(),
        })
        .returning();
      if (!c) throw new Error('card not written');
      await ledger.debit(tx, {
        account: { userId, asset: USDT, kind: 'spot' },
        system: CARDS_SYSTEM.fees,
        amount: fee,
        cause: 'cards.fee',
        ref: `card:${c.id}`,
        remark: replaces ? `replacement of ${replaces.last4}` : `${bin.brand} ${kind}`,
        userId,
        requestId: body.request_id ?? null,
      });
      if (replaces) {
        await tx.update(cards).set({ status: 'replaced', replacedBy: c.id }).where(eq(cards.id, replaces.id));
      }
      return { id: c.id };
    });
    if (replaces?.issuerToken) await issuer.freeze(replaces.issuerToken);
    return complete(id);
  }

  async function complete(id: number): Promise<CardView> {
    const [c] = await store.db.select().from(cards).where(eq(cards.id, id));
    if (!c) throw new DomainError('CardNotFound');
    if (c.status !== 'issuing') return cardView(c);
    try {
      const issued = await issuer.issue({ reference: `card:${c.id}`, bin: c.bin, kind: c.kind });
      const [done] = await store.db
        .update(cards)
        .set({
          issuerToken: issued.token,
          last4: issued.last4,
          expiry: issued.expiry,
          status: c.kind === 'virtual' ? 'active' : 'applying',
        })
        .where(and(eq(cards.id, c.id), eq(cards.status, 'issuing')))
        .returning();
      return cardView(done ?? c);
    } catch (err) {
      await store.db.transaction(async (tx) => {
        const [failed] = await tx
          .update(cards)
          .set({ status: 'failed' })
          .where(and(eq(cards.id, c.id), eq(cards.status, 'issuing')))
          .returning();
        if (failed)
          await ledger.credit(tx, {
            account: { userId: c.userId, asset: USDT, kind: 'spot' },
            system: CARDS_SYSTEM.fees,
            amount: c.fee,
            cause: 'cards.fee',
            ref: `card:${c.id}`,
            remark: 'the issuer did not issue the card',
            userId: c.userId,
          });
      });
      throw err;
    }
  }

  /** The card account's balance, read only (a look opens no account). */
  async function cardBalance(userId: number) {
    const b = (await ledger.balances(userId)).find((x) => x.asset === USDT && x.kind === 'card');
    return { available: b?.available ?? 0n, frozen: b?.frozen ?? 0n };
  }

  async function cardDetail(userId: number, id: number) {
    const c = await mineCard(userId, id);
    const b = await cardBalance(userId);
    return { ...(await cardView(c)), balance: fmt(b.available), held: fmt(b.frozen) };
  }

  async function cardList(
    userId: number,
    q: { page: number; size: number; kind?: 'virtual' | 'physical' | undefined },
  ) {
    const where = and(
      eq(cards.userId, userId),
      ne(cards.status, 'failed'),
      q.kind ? eq(cards.kind, q.kind) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      onPage(store.db.select().from(cards).where(where).orderBy(desc(cards.id)), q),
      store.db.select({ n: count() }).from(cards).where(where),
    ]);
    const list = [];
    for (const r of rows) list.push(await cardView(r));
    return pageAnswer(list, total);
  }

  async function info(userId: number) {
    const [b, k, [n]] = await Promise.all([
      cardBalance(userId),
      current(userId),
      store.db
        .select({ n: count() })
        .from(cards)
        .where(
          and(eq(cards.userId, userId), inArray(cards.status, ['applying', 'shipped', 'active', 'frozen'])),
        ),
    ]);
    return {
      balance: fmt(b.available),
      held: fmt(b.frozen),
      cards: n?.n ?? 0,
      kyc_status: k ? k.status : ('none' as const),
      topup_fee_rate: (await settings.get('cards.topup_fee_rate')).text,
      topup_min: await settings.get('cards.topup_min'),
      replace_fee: await settings.get('cards.replace_fee'),
      simulated: issuer.simulated,
    };
  }

  async function activate(userId: number, body: { card_id: number; code: string }) {
    const c = await mineCard(userId, body.card_id);
    if (c.status === 'active') throw new DomainError('CardAlreadyActive');
    if (c.status !== 'shipped' || !c.issuerToken) throw new DomainError('CardNotActive');
    if (c.activationFails >= (await settings.get('cards.activation_attempts')))
      throw new DomainError('RateLimited');
    if (!(await issuer.activate(c.issuerToken, body.code))) {
      await store.db
        .update(cards)
        .set({ activationFails: sql`${cards.activationFails} + 1` })
        .where(eq(cards.id, c.id));
      throw new DomainError('BadActivationCode');
    }
    const [done] = await store.db
      .update(cards)
      .set({ status: 'active' })
      .where(eq(cards.id, c.id))
      .returning();
    return cardView(done ?? c);
  }

  async function reveal(userId: number, body: { card_id: number; message: string; sign_message: string }) {
    const c = await mineCard(userId, body.card_id);
    if (!['active', 'shipped'].includes(c.status) || !c.issuerToken) throw new DomainError('CardNotActive');
    await deps.reauthenticate(userId, { message: body.message, sign_message: body.sign_message });
    const r = await issuer.reveal(c.issuerToken);
    return { card_id: c.id, number: r.number, cvv: r.cvv, expiry: r.expiry };
  }

  /** Sets the PIN: the same fresh wallet signature as revealing the card, a session alone is not enough. */
  async function updatePin(
    userId: number,
    body: { card_id: number; pin: string; message?: string | undefined; sign_message?: string | undefined },
  ) {
    const c = await mineCard(userId, body.card_id);
    if (!['active', 'shipped'].includes(c.status) || !c.issuerToken) throw new DomainError('CardNotActive');
    if (!body.message) throw new ValidationError('message', 'required');
    if (!body.sign_message) throw new ValidationError('sign_message', 'required');
    if (weakPin(body.pin)) throw new DomainError('WeakPin');
    await deps.reauthenticate(userId, { message: body.message, sign_message: body.sign_message });
    const perHour = await settings.get('cards.pin_changes_per_hour');
    if (!limiter.hit(`pin:${c.id}`, perHour, 3_600_000, clock.now().getTime()))
      throw new DomainError('RateLimited');
    await issuer.setPin(c.issuerToken, body.pin);
    await store.db.update(cards).set({ pinSet: true }).where(eq(cards.id, c.id));
    return { card_id: c.id, pin_set: true };
  }

  async function replace(
    userId: number,
    body: {
      card_id: number;
      reason: 'lost' | 'damaged';
      address_id?: number | undefined;
      request_id?: string | undefined;
    },
  ) {
    const old = await mineCard(userId, body.card_id);
    if (!['active', 'shipped', 'frozen'].includes(old.status)) throw new DomainError('CardNotActive');
    return openCard(
      userId,
      {
        bin: old.bin,
        address_id: old.kind === 'physical' ? (body.address_id ?? old.addressId ?? undefined) : undefined,
        request_id: body.request_id,
      },
      old.kind,
      old,
    );
  }

  /** A physical card leaves (an operator, or the demo's simulated issuer after a while). */
  async function ship(operatorId: number | null, body: { card_id: number; tracking: string }) {
    const [c] = await store.db.select().from(cards).where(eq(cards.id, body.card_id));
    if (c?.kind !== 'physical') throw new DomainError('CardNotFound');
    if (c.status !== 'applying' || !c.issuerToken) throw new DomainError('CardNotActive');
    await issuer.ship(c.issuerToken);
    const [done] = await store.db
      .update(cards)
      .set({ status: 'shipped', tracking: body.tracking, shippedAt: clock.now() })
      .where(and(eq(cards.id, c.id), eq(cards.status, 'applying')))
      .returning();
    if (operatorId !== null)
      await auditOperator(store.db, clock.now(), {
        operatorId,
        action: 'cards.ship',
        subject: `card:${c.id}`,
        before: { status: c.status },
        after: { status: 'shipped', tracking: body.tracking },
      });
    return cardView(done ?? c);
  }

  const rechargeView = (r: typeof cardRecharges.$inferSelect) => ({
    id: r.id,
    card_id: r.cardId,
    amount: fmt(r.amount),
    fee: fmt(r.fee),
    received: fmt(r.amount - r.fee),
    created_at: r.createdAt.toISOString(),
  });

  async function recharge(
    userId: number,
    body: { card_id: number; amount: string; request_id?: string | undefined },
  ) {
    const c = await mineCard(userId, body.card_id);
    if (c.status !== 'active' || !c.issuerToken) throw new DomainError('CardNotActive');
    const amount = money(body.amount);
    if (amount < money(await settings.get('cards.topup_min')))
      throw new ValidationError('amount', 'too_small');
    const fee = topupFee(amount, (await settings.get('cards.topup_fee_rate')).units);
    const row = await ledger.withIdempotency(userId, body.request_id, 'cards.topup', body, async (tx) => {
      const [r] = await tx
        .insert(cardRecharges)
        .values({ userId, cardId: c.id, amount, fee, createdAt: clock.now() })
        .returning();
      if (!r) throw new Error('top-up not written');
      const spot = await ledger.account(tx, { userId, asset: USDT, kind: 'spot' });
      const card = await ledger.account(tx, { userId, asset: USDT, kind: 'card' });
      const fees = await ledger.systemAccount(tx, CARDS_SYSTEM.fees, USDT);
      await ledger.post(tx, {
        cause: 'cards.topup',
        ref: `topup:${r.id}`,
        remark: `card ${c.last4}`,
        userId,
        requestId: body.request_id ?? null,
        postings: [
          { account: spot, bucket: 'available', amount: -amount },
          { account: card, bucket: 'available', amount: amount - fee },
          { account: fees, bucket: 'available', amount: fee },
        ],
      });
      return rechargeView(r);
    });
    await issuer.topUp(c.issuerToken, row.received);
    return row;
  }

  async function rechargeList(
    userId: number,
    q: { card_id?: number | undefined; page: number; size: number },
  ) {
    const where = and(
      eq(cardRecharges.userId, userId),
      q.card_id ? eq(cardRecharges.cardId, q.card_id) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      onPage(store.db.select().from(cardRecharges).where(where).orderBy(desc(cardRecharges.id)), q),
      store.db.select({ n: count() }).from(cardRecharges).where(where),
    ]);
    return pageAnswer(rows.map(rechargeView), total);
  }

  const spendView = (s: SpendRow) => ({
    id: s.id,
    card_id: s.cardId,
    merchant: s.merchant,
    amount: fmt(s.amount),
    settled: fmt(s.settled),
    refunded: fmt(s.refunded),
    status: s.status,
    created_at: s.createdAt.toISOString(),
    updated_at: s.updatedAt.toISOString(),
  });

  async function consumeList(
    userId: number,
    q: { card_id?: number | undefined; page: number; size: number },
  ) {
    const where = and(
      eq(cardSpends.userId, userId),
      q.card_id ? eq(cardSpends.cardId, q.card_id) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      onPage(store.db.select().from(cardSpends).where(where).orderBy(desc(cardSpends.id)), q),
      store.db.select({ n: count() }).from(cardSpends).where(where),
    ]);
    return pageAnswer(rows.map(spendView), total);
  }

  // ---------------------------------------------------------------- the issuer's events

  /** Applies one event once; what an authorisation answers (approved or declined). */
  async function applyEvent(
    e: CardEvent,
  ): Promise<{ duplicate: boolean; approved: boolean; spend: SpendRow | null }> {
    const amount = parseAmount(e.amount, USDT_SCALE);
    if (amount === null || amount < 0n) throw new ValidationError('amount', 'invalid_value');
    const [c] = await store.db.select().from(cards).where(eq(cards.issuerToken, e.card_token));
    if (!c) throw new DomainError('CardNotFound');
    const userId = c.userId;
    return store.db.transaction(async (tx) => {
      const fresh = await tx
        .insert(cardEvents)
        .values({ id: e.id, type: e.type, authId: e.auth_id, receivedAt: clock.now() })
        .onConflictDoNothing()
        .returning();
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`card-auth:${e.auth_id}`}))`);
      const [s0] = await tx.select().from(cardSpends).where(eq(cardSpends.authId, e.auth_id)).for('update');
      if (fresh.length === 0)
        return {
          duplicate: true,
          approved: s0 ? s0.status !== 'declined' && s0.status !== 'reversed' : false,
          spend: s0 ?? null,
        };
      const card = await ledger.account(tx, { userId, asset: USDT, kind: 'card' });
      const issuerAcc = await ledger.systemAccount(tx, CARDS_SYSTEM.issuer, USDT);
      const balanceOf = async () =>
        (await ledger.accountBalances(tx, [card.id])).get(card.id) ?? { available: 0n, frozen: 0n };
      const now = clock.now();
      const ref = `spend:${e.auth_id}`;
      const newSpend = async (status: SpendRow['status'], held: bigint, settled: bigint) => {
        const [s] = await tx
          .insert(cardSpends)
          .values({
            userId,
            cardId: c.id,
            authId: e.auth_id,
            merchant: e.merchant,
            amount,
            held,
            settled,
            status,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        if (!s) throw new Error('spend not written');
        return s;
      };
      const update = async (s: SpendRow, set: Partial<SpendRow>) => {
        const [next] = await tx
          .update(cardSpends)
          .set({ ...set, updatedAt: now })
          .where(eq(cardSpends.id, s.id))
          .returning();
        return next ?? s;
      };
      if (e.type === 'authorization') {
        if (s0)
          return {
            duplicate: false,
            approved: s0.status !== 'declined' && s0.status !== 'reversed',
            spend: s0,
          };
        const b = await balanceOf();
        if (c.status !== 'active' || amount <= 0n || b.available < amount) {
          return { duplicate: false, approved: false, spend: await newSpend('declined', 0n, 0n) };
        }
        await ledger.freeze(tx, {
          account: card,
          amount,
          cause: 'cards.hold',
          ref,
          remark: e.merchant,
          userId,
        });
        return { duplicate: false, approved: true, spend: await newSpend('held', amount, 0n) };
      }
      if (e.type === 'settlement') {
        if (s0?.status === 'held') {
          const take = minOf(amount, s0.held);
          const back = s0.held - take;
          const postings = [];
          if (take > 0n)
            postings.push(
              { account: card, bucket: 'frozen' as const, amount: -take },
              { account: issuerAcc, bucket: 'available' as const, amount: take },
            );
          if (back > 0n)
            postings.push(
              { account: card, bucket: 'frozen' as const, amount: -back },
              { account: card, bucket: 'available' as const, amount: back },
            );
          if (postings.length > 0)
            await ledger.post(tx, {
              cause: 'cards.settle',
              ref,
              remark: e.merchant,
              userId,
              requestId: null,
              postings,
            });
          return {
            duplicate: false,
            approved: true,
            spend: await update(s0, { held: 0n, settled: take, status: 'settled' }),
          };
        }
        if (s0 && s0.status !== 'reversed') return { duplicate: false, approved: true, spend: s0 };
        // Settled without a hold we know (it came first, or after a reversal): taken from what is there.
        const b = await balanceOf();
        const take = minOf(amount, b.available);
        if (take > 0n)
          await ledger.transfer(tx, {
            from: card,
            to: issuerAcc,
            amount: take,
            cause: 'cards.settle',
            ref,
            remark: e.merchant,
            userId,
          });
        const spend = s0
          ? await update(s0, { settled: take, status: 'settled' })
          : await newSpend('settled', 0n, take);
        return { duplicate: false, approved: true, spend };
      }
      if (e.type === 'reversal') {
        if (!s0) return { duplicate: false, approved: false, spend: await newSpend('reversed', 0n, 0n) };
        if (s0.status !== 'held') return { duplicate: false, approved: false, spend: s0 };
        if (s0.held > 0n)
          await ledger.release(tx, {
            account: card,
            amount: s0.held,
            cause: 'cards.release',
            ref,
            remark: e.merchant,
            userId,
          });
        return {
          duplicate: false,
          approved: false,
          spend: await update(s0, { held: 0n, status: 'reversed' }),
        };
      }
      // A refund gives back at most what was settled and not yet refunded.
      if (!s0 || (s0.status !== 'settled' && s0.status !== 'refunded'))
        return { duplicate: false, approved: false, spend: s0 ?? null };
      const room = s0.settled - s0.refunded;
      const give = minOf(amount, room);
      if (give > 0n)
        await ledger.transfer(tx, {
          from: issuerAcc,
          to: card,
          amount: give,
          cause: 'cards.refund',
          ref,
          remark: e.merchant,
          userId,
        });
      return {
        duplicate: false,
        approved: true,
        spend: await update(s0, { refunded: s0.refunded + give, status: 'refunded' }),
      };
    });
  }

  const parseEvent = (raw: unknown): CardEvent | null => {
    if (typeof raw !== 'object' || raw === null) return null;
    const o = raw as Record<string, unknown>;
    const str = (k: string, max: number) =>
      typeof o[k] === 'string' && (o[k] as string).length > 0 && (o[k] as string).length <= max
        ? (o[k] as string)
        : null;
    const id = str('id', 80);
    const type = str('type', 20);
    const token = str('card_token', 80);
    const auth = str('auth_id', 80);
    const amount = str('amount', 40);
    const merchant = typeof o.merchant === 'string' ? o.merchant.slice(0, 60) : '';
    if (!id || !type || !token || !auth || !amount || !(WEBHOOK_TYPES as readonly string[]).includes(type))
      return null;
    return { id, type: type as CardEvent['type'], card_token: token, auth_id: auth, amount, merchant };
  };

  /** The issuer's webhook: signature and timestamp first, then the event once. */
  async function webhook(req: RawRequest): Promise<RawReply> {
    const v = issuer.verify(req.body, req.headers);
    if (!v.ok) return { status: 401, body: { ok: false, reason: 'bad signature' } };
    const tolerance = (await settings.get('cards.webhook_tolerance_s')) * 1000;
    if (Math.abs(clock.now().getTime() - v.atMs) > tolerance)
      return { status: 401, body: { ok: false, reason: 'stale' } };
    let parsed: unknown;
    try {
      parsed = JSON.parse(req.body.toString('utf8'));
    } catch {
      return { status: 400, body: { ok: false, reason: 'bad body' } };
    }
    const e = parseEvent(parsed);
    if (!e) return { status: 400, body: { ok: false, reason: 'bad event' } };
    try {
      const r = await applyEvent(e);
      return { status: 200, body: { ok: true, duplicate: r.duplicate, approved: r.approved } };
    } catch (err) {
      if (err instanceof DomainError || err instanceof ValidationError)
        return { status: 422, body: { ok: false, reason: 'unknown card or amount' } };
      throw err;
    }
  }

  /** What the simulated issuer sends: an event, signed, through the same webhook path. */
  async function deliver(event: CardEvent): Promise<RawReply> {
    const body = JSON.stringify(event);
    return webhook({
      params: {},
      query: {},
      headers: issuer.sign(body, clock.now().getTime()),
      body: Buffer.from(body),
      ip: '127.0.0.1',
    });
  }

  async function simulatePurchase(
    userId: number,
    body: { card_id: number; merchant: string; amount: string; settle: boolean },
  ) {
    if (!issuer.simulated) throw new DomainError('NotAvailable');
    const c = await mineCard(userId, body.card_id);
    if (c.status !== 'active' || !c.issuerToken) throw new DomainError('CardNotActive');
    money(body.amount);
    const authId = `auth_${randomBytes(10).toString('hex')}`;
    const base = { card_token: c.issuerToken, auth_id: authId, amount: body.amount, merchant: body.merchant };
    await deliver({ ...base, id: `evt_${randomBytes(10).toString('hex')}`, type: 'authorization' });
    const [s] = await store.db.select().from(cardSpends).where(eq(cardSpends.authId, authId));
    if (s?.status === 'held' && body.settle)
      await deliver({ ...base, id: `evt_${randomBytes(10).toString('hex')}`, type: 'settlement' });
    const [after] = await store.db.select().from(cardSpends).where(eq(cardSpends.authId, authId));
    if (!after) throw new Error('purchase not recorded');
    return spendView(after);
  }

  /** The demo's simulated issuer ships physical cards, and the demo approves verifications, after a while. */
  async function sweep(): Promise<void> {
    if (!config.seedDemo) return;
    const now = clock.now().getTime();
    const approveAfter = (await settings.get('demo.kyc_approve_after_s')) * 1000;
    const pending = await store.db
      .select({ id: kycSubmissions.id })
      .from(kycSubmissions)
      .where(
        and(eq(kycSubmissions.status, 'pending'), lt(kycSubmissions.createdAt, new Date(now - approveAfter))),
      );
    for (const k of pending) await review(null, { id: k.id, decision: 'approve' }).catch(() => undefined);
    if (!issuer.simulated) return;
    const shipAfter = (await settings.get('demo.card_ship_after_s')) * 1000;
    const waiting = await store.db
      .select({ id: cards.id })
      .from(cards)
      .where(
        and(
          eq(cards.status, 'applying'),
          eq(cards.kind, 'physical'),
          lt(cards.createdAt, new Date(now - shipAfter)),
        ),
      );
    for (const c of waiting)
      await ship(null, { card_id: c.id, tracking: `SIM${String(c.id).padStart(8, '0')}` }).catch(
        () => undefined,
      );
  }

  async function start(): Promise<void> {
    for (const key of Object.keys(CARDS_SETTINGS) as (keyof typeof CARDS_SETTINGS)[]) await settings.get(key);
  }

  /**
   * A user's cards for the operators' user page: masked numbers only (never a number, CVV, PIN or activation
   * code), with the card account's balance and the user's verification status.
   */
  async function adminUserCards(userId: number, q: { page: number; size: number }) {
    const [page, b, k] = await Promise.all([cardList(userId, q), cardBalance(userId), current(userId)]);
    return {
      list: page.list.map(({ demo_code: _code, ...card }) => card),
      total: page.total,
      balance: fmt(b.available),
      held: fmt(b.frozen),
      kyc_status: k ? k.status : ('none' as const),
      kyc_id: k?.id ?? null,
    };
  }

  /** Verifications waiting for review and the oldest's time (the operators' dashboard). */
  async function pendingKyc(): Promise<{ count: number; oldest: Date | null }> {
    const [row] = await store.db
      .select({ n: count(), oldest: sql<string | Date | null>`min(${kycSubmissions.createdAt})` })
      .from(kycSubmissions)
      .where(eq(kycSubmissions.status, 'pending'));
    const oldest = row?.oldest ?? null;
    return { count: row?.n ?? 0, oldest: oldest === null ? null : new Date(oldest) };
  }

  return {
    issuer,
    files,
    nations: async () => ({
      list: NATIONS.map((n) => ({ ...n, doc_types: [...n.doc_types] })),
      min_age: await settings.get('kyc.min_age'),
    }),
    showRealName,
    addKyc,
    editKyc,
    kycList,
    kycDetail: async (userId: number, id: number) => kycView(await mineKyc(userId, id), `u:${userId}`),
    adminKycList,
    review,
    addAddress,
    editAddress,
    addressList,
    addressDetail: async (userId: number, id: number) => addressView(await mineAddress(userId, id)),
    bins: async () => ({ list: await bins() }),
    info,
    openVirtual: (userId: number, body: { bin: string; request_id?: string | undefined }) =>
      openCard(userId, body, 'virtual'),
    openPhysical: (
      userId: number,
      body: { bin: string; address_id: number; request_id?: string | undefined },
    ) => openCard(userId, body, 'physical'),
    activate,
    cardList,
    cardDetail,
    adminUserCards,
    pendingKyc,
    reveal,
    updatePin,
    replace,
    ship,
    recharge,
    rechargeList,
    consumeList,
    applyEvent,
    webhook,
    deliver,
    simulatePurchase,
    sweep,
    start,
    settings,
  };
}

export type Cards = ReturnType<typeof createCards>;
