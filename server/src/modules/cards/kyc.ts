/** Identity verification as the user sends it: the form and three images, corrected after a rejection. */
import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { DomainError, ValidationError } from '../../kernel/errors';
import { seal } from '../../kernel/seal';
import type { Tx } from '../../store';
import { onPage, pageAnswer } from '../../store/paging';
import type { CardsCtx, KycInput, KycRow, KycView } from './context';
import { ageOn, NATIONS } from './nations';
import { kycSubmissions, uploads } from './tables';

/**
 * Whether pending verifications are approved by themselves after a while, without a check: only while the
 * demo's setting is on, and never in production. Otherwise an operator reviews each one.
 */
export async function autoApproves(ctx: CardsCtx): Promise<boolean> {
  return ctx.config.env !== 'production' && (await ctx.settings.get('demo.kyc_auto_approve'));
}

export async function kycView(ctx: CardsCtx, k: KycRow, viewer: string): Promise<KycView> {
  const link = async (id: string) => {
    const [u] = await ctx.store.db.select().from(uploads).where(eq(uploads.id, id));
    return u?.status === 'stored' ? ctx.files.viewLink(id, viewer) : null;
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
    demo_approval:
      k.status === 'pending' ? await autoApproves(ctx) : k.status === 'approved' && k.reviewedBy === null,
    created_at: k.createdAt.toISOString(),
    reviewed_at: k.reviewedAt?.toISOString() ?? null,
  };
}

/** The countries and their documents, and the youngest age verified. */
export async function nations(ctx: CardsCtx) {
  return {
    list: NATIONS.map((n) => ({ ...n, doc_types: [...n.doc_types] })),
    min_age: await ctx.settings.get('kyc.min_age'),
  };
}

/** The form's checks: a known country and document, a number of its format, a real date of an adult. */
async function checkForm(ctx: CardsCtx, body: KycInput) {
  const nation = NATIONS.find((n) => n.code === body.country.toUpperCase());
  if (!nation) throw new ValidationError('country', 'invalid_value');
  if (!nation.doc_types.includes(body.doc_type)) throw new ValidationError('doc_type', 'invalid_value');
  const number = body.doc_number.toUpperCase().replace(/\s+/g, '');
  const pattern = nation.doc_patterns[body.doc_type];
  if (pattern && !new RegExp(pattern).test(number)) throw new ValidationError('doc_number', 'invalid_format');
  const age = ageOn(body.birth_date, ctx.clock.now());
  if (age === null || age > 130) throw new ValidationError('birth_date', 'invalid_value');
  if (age < (await ctx.settings.get('kyc.min_age'))) throw new ValidationError('birth_date', 'too_young');
  return { country: nation.code, number };
}

/** The three images are the user's own, stored, of the right purpose, and not another verification's. */
async function takeImages(ctx: CardsCtx, tx: Tx, userId: number, body: KycInput, kycId: number) {
  const by = `kyc:${kycId}`;
  for (const [id, purpose] of [
    [body.front_upload, 'kyc_front'],
    [body.back_upload, 'kyc_back'],
    [body.selfie_upload, 'kyc_selfie'],
  ] as const) {
    if (!(await ctx.files.take(tx, userId, id, purpose, by))) throw new DomainError('UploadNotFound');
  }
}

/** The row's fields a submission and its correction both write: the form, its sealed number, its images. */
function formFields(ctx: CardsCtx, body: KycInput, form: { country: string; number: string }) {
  return {
    country: form.country,
    docType: body.doc_type,
    docNumberSealed: seal(ctx.docKey, Buffer.from(form.number, 'utf8')),
    docLast4: form.number.slice(-4),
    surname: body.surname,
    givenName: body.given_name,
    birthDate: body.birth_date,
    frontUpload: body.front_upload,
    backUpload: body.back_upload,
    selfieUpload: body.selfie_upload,
    status: 'pending' as const,
  };
}

export async function addKyc(ctx: CardsCtx, userId: number, body: KycInput): Promise<KycView> {
  const { clock } = ctx;
  const form = await checkForm(ctx, body);
  const row = await ctx.store.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`kyc:${userId}`}))`);
    const open = await tx
      .select({ status: kycSubmissions.status })
      .from(kycSubmissions)
      .where(and(eq(kycSubmissions.userId, userId), inArray(kycSubmissions.status, ['pending', 'approved'])));
    if (open.some((o) => o.status === 'approved')) throw new DomainError('KycApproved');
    if (open.length > 0) throw new DomainError('KycPending');
    const [k] = await tx
      .insert(kycSubmissions)
      .values({
        userId,
        ...formFields(ctx, body, form),
        createdAt: clock.now(),
      })
      .returning();
    if (!k) throw new Error('verification not written');
    await takeImages(ctx, tx, userId, body, k.id);
    return k;
  });
  return kycView(ctx, row, `u:${userId}`);
}

export async function mineKyc(ctx: CardsCtx, userId: number, id: number): Promise<KycRow> {
  const [k] = await ctx.store.db
    .select()
    .from(kycSubmissions)
    .where(and(eq(kycSubmissions.id, id), eq(kycSubmissions.userId, userId)));
  if (!k) throw new DomainError('KycNotFound');
  return k;
}

export async function kycDetail(ctx: CardsCtx, userId: number, id: number): Promise<KycView> {
  return kycView(ctx, await mineKyc(ctx, userId, id), `u:${userId}`);
}

export async function editKyc(
  ctx: CardsCtx,
  userId: number,
  body: KycInput & { id: number },
): Promise<KycView> {
  const form = await checkForm(ctx, body);
  await mineKyc(ctx, userId, body.id);
  const row = await ctx.store.db.transaction(async (tx) => {
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
    await takeImages(ctx, tx, userId, body, k.id);
    const [next] = await tx
      .update(kycSubmissions)
      .set({
        ...formFields(ctx, body, form),
        reason: null,
        reviewedAt: null,
        reviewedBy: null,
      })
      .where(eq(kycSubmissions.id, k.id))
      .returning();
    return next ?? k;
  });
  return kycView(ctx, row, `u:${userId}`);
}

export async function kycList(ctx: CardsCtx, userId: number, q: { page: number; size: number }) {
  const { store } = ctx;
  const where = eq(kycSubmissions.userId, userId);
  const [rows, [total]] = await Promise.all([
    onPage(store.db.select().from(kycSubmissions).where(where).orderBy(desc(kycSubmissions.id)), q),
    store.db.select({ n: count() }).from(kycSubmissions).where(where),
  ]);
  const list = [];
  for (const r of rows) list.push(await kycView(ctx, r, `u:${userId}`));
  return pageAnswer(list, total);
}

/** The verification that decides: the approved one, else the newest. */
export async function current(ctx: CardsCtx, userId: number): Promise<KycRow | null> {
  const rows = await ctx.store.db
    .select()
    .from(kycSubmissions)
    .where(eq(kycSubmissions.userId, userId))
    .orderBy(desc(kycSubmissions.id))
    .limit(20);
  return rows.find((r) => r.status === 'approved') ?? rows[0] ?? null;
}

export async function showRealName(ctx: CardsCtx, userId: number) {
  const k = await current(ctx, userId);
  return { status: k ? k.status : ('none' as const), kyc: k ? await kycView(ctx, k, `u:${userId}`) : null };
}

export async function approvedKyc(ctx: CardsCtx, userId: number): Promise<KycRow> {
  const k = await current(ctx, userId);
  if (k?.status !== 'approved') throw new DomainError('KycRequired');
  return k;
}
