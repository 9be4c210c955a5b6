/**
 * A user's notice settings: the anti-phishing code shown at the head of their notices and in every email, so a
 * message that lacks it, or shows another, is not from the platform; the language their emails are written in;
 * and, per kind of notice, the channels it reaches them on. A security kind reaches every channel they have,
 * whatever they chose.
 */
import {
  type ChannelChoice,
  DEFAULT_LANG,
  type Lang,
  NOTICE_KINDS,
  type NoticeChannel,
  type NoticeKind,
  type NoticeSettingsView,
  SECURITY_NOTICE_KINDS,
} from '@nexa/contract';
import { eq } from 'drizzle-orm';
import { schema, type Tx } from '../../store';
import type { NotificationsCtx } from './context';
import { phishingLine } from './email-words';
import { noticePrefs } from './tables';

export type NoticeSettings = NoticeSettingsView;
type PrefsRow = typeof noticePrefs.$inferSelect;
type Db = NotificationsCtx['store']['db'] | Tx;

const ALL_ON: ChannelChoice = { in_app: true, email: true, push: true };

/** The stored choices of the kinds the user changed (anything malformed counts as not changed). */
function storedChoices(raw: unknown): Partial<Record<NoticeKind, ChannelChoice>> {
  const out: Partial<Record<NoticeKind, ChannelChoice>> = {};
  if (typeof raw !== 'object' || raw === null) return out;
  for (const kind of NOTICE_KINDS) {
    const c = (raw as Record<string, unknown>)[kind];
    if (typeof c !== 'object' || c === null) continue;
    const v = c as Record<string, unknown>;
    out[kind] = { in_app: v.in_app !== false, email: v.email !== false, push: v.push !== false };
  }
  return out;
}

/** Every kind's channels as they apply: the stored choice, all on where none is, security kinds always all on. */
export function choicesOf(row: PrefsRow | undefined): Record<NoticeKind, ChannelChoice> {
  const stored = storedChoices(row?.channels);
  const out = {} as Record<NoticeKind, ChannelChoice>;
  for (const kind of NOTICE_KINDS)
    out[kind] = SECURITY_NOTICE_KINDS.includes(kind) ? ALL_ON : (stored[kind] ?? ALL_ON);
  return out;
}

/**
 * The channels a notice of this kind goes to for this user: the kind's choice, email only with a bound
 * address. Push is listed when chosen; whether the user has a device to push to is the push sender's to know.
 */
export function channels(
  row: PrefsRow | undefined,
  kind: NoticeKind,
  has: { readonly email: boolean },
): NoticeChannel[] {
  const c = choicesOf(row)[kind];
  const out: NoticeChannel[] = [];
  if (c.in_app) out.push('in_app');
  if (c.email && has.email) out.push('email');
  if (c.push) out.push('push');
  return out;
}

export async function prefsRow(db: Db, userId: number): Promise<PrefsRow | undefined> {
  const [row] = await db.select().from(noticePrefs).where(eq(noticePrefs.userId, userId));
  return row;
}

/** The user's bound (verified) email, or null. */
export async function boundEmail(db: Db, userId: number): Promise<string | null> {
  const [u] = await db
    .select({ email: schema.users.email })
    .from(schema.users)
    .where(eq(schema.users.id, userId));
  return u?.email ?? null;
}

function view(row: PrefsRow | undefined, email: string | null): NoticeSettings {
  return {
    anti_phishing: row?.antiPhishing ?? null,
    lang: (row?.lang as Lang | null) ?? DEFAULT_LANG,
    email,
    channels: choicesOf(row),
  };
}

/** The user's settings (none chosen yet: no code, English, every channel). */
export async function settings(ctx: NotificationsCtx, userId: number): Promise<NoticeSettings> {
  const db = ctx.store.db;
  const [row, email] = await Promise.all([prefsRow(db, userId), boundEmail(db, userId)]);
  return view(row, email);
}

/** Writes part of the user's row (made on first use) and answers the settings as they now are. */
async function update(
  ctx: NotificationsCtx,
  userId: number,
  set: Partial<Pick<PrefsRow, 'antiPhishing' | 'lang' | 'channels'>>,
): Promise<NoticeSettings> {
  const now = ctx.clock.now();
  await ctx.store.db
    .insert(noticePrefs)
    .values({ userId, ...set, updatedAt: now })
    .onConflictDoUpdate({ target: noticePrefs.userId, set: { ...set, updatedAt: now } });
  return settings(ctx, userId);
}

/** Sets the user's anti-phishing code, or with null removes it; answers the settings as they now are. */
export async function setAntiPhishing(ctx: NotificationsCtx, userId: number, code: string | null) {
  // Removing a code that was never set writes nothing.
  if (code === null && !(await prefsRow(ctx.store.db, userId))) return settings(ctx, userId);
  return update(ctx, userId, { antiPhishing: code });
}

/** The line an email to the user starts with in a language: their anti-phishing code, or '' without one. */
export async function mailHeader(ctx: NotificationsCtx, userId: number, lang: Lang): Promise<string> {
  const code = (await prefsRow(ctx.store.db, userId))?.antiPhishing;
  return code ? phishingLine(lang, code) : '';
}

/** The language the user's emails are written in. */
export function setLanguage(ctx: NotificationsCtx, userId: number, lang: Lang) {
  return update(ctx, userId, { lang });
}

/** One kind's channels; a security kind's choice is kept but never narrows its delivery. */
export async function setChannels(
  ctx: NotificationsCtx,
  userId: number,
  choice: ChannelChoice & { readonly kind: NoticeKind },
): Promise<NoticeSettings> {
  const stored = storedChoices((await prefsRow(ctx.store.db, userId))?.channels);
  stored[choice.kind] = { in_app: choice.in_app, email: choice.email, push: choice.push };
  return update(ctx, userId, { channels: stored });
}
