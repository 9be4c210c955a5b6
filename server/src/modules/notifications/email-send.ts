/**
 * Notice emails: the pending email deliveries sent one by one, each in its user's language, headed by their
 * anti-phishing code. A row is claimed before it is handed to the mail server and marked sent after, so two
 * senders never send it both; a claim a crash left is taken again after `CLAIM_STALE_MS`, and the mail keeps
 * the Message-ID derived from the row, so a receiving server sees the same message. A refused hand-over frees
 * the row for the next round, up to `MAX_ATTEMPTS`. Without a mail server the mail is logged and the row kept.
 */
import { LANGS, type Lang, type NoticeKind } from '@nexa/contract';
import type { NotificationsCtx } from './context';
import { claim, type DeliveryRow, finish, pendingRows, retryLater } from './delivery-rows';
import { EMAIL_WORDS, fill, phishingLine } from './email-words';
import { boundEmail, prefsRow } from './prefs';

/** A notice's email in a language: subject, then the anti-phishing line first, the body, the footer. */
export function noticeEmail(
  kind: NoticeKind,
  rawParams: Readonly<Record<string, string>>,
  lang: Lang,
  antiPhishing: string | null,
): { subject: string; text: string } {
  const w = EMAIL_WORDS[lang];
  const params: Record<string, string> = { ...rawParams };
  if (kind === 'card_activity' && params.event) params.event = w.cardEvents[params.event] ?? params.event;
  if (kind === 'security_changed' && params.change)
    params.change = w.securityChanges[params.change] ?? params.change;
  const words = w.kinds[kind];
  const head = antiPhishing ? `${phishingLine(lang, antiPhishing)}\n\n` : '';
  const subject = fill(words.title, params);
  return {
    subject,
    text: `${head}${subject}\n\n${fill(words.body, params)}\n\n--\n${w.footer[0]}\n${w.footer[1]}\n`,
  };
}

/** Sends one claimed row; answers whether it was handed to the mail server. */
async function sendOne(ctx: NotificationsCtx, row: DeliveryRow): Promise<boolean> {
  const db = ctx.store.db;
  const [prefs, to] = await Promise.all([prefsRow(db, row.userId), boundEmail(db, row.userId)]);
  // The address was unbound since: nothing to send to.
  if (!to) return finish(ctx, row.id, 'failed').then(() => false);
  const lang = (LANGS as readonly string[]).includes(prefs?.lang ?? '') ? (prefs?.lang as Lang) : 'en';
  const mail = noticeEmail(row.kind, row.params as Record<string, string>, lang, prefs?.antiPhishing ?? null);
  try {
    const handed = await ctx.mailer.send({ to, ...mail, id: `<notice-${row.id}.email@nexa>` });
    await finish(ctx, row.id, handed ? 'sent' : 'kept');
    return handed;
  } catch (err) {
    ctx.log.warn({ err, delivery: row.id }, 'notice email not accepted; will retry');
    await retryLater(ctx, row);
    return false;
  }
}

/** Sends what is pending (oldest first, at most `limit`); answers how many were handed to the mail server. */
export async function sendEmails(ctx: NotificationsCtx, limit = 50): Promise<number> {
  const rows = await pendingRows(ctx, 'email', limit);
  let sent = 0;
  for (const row of rows) if ((await claim(ctx, row)) && (await sendOne(ctx, row))) sent += 1;
  return sent;
}
