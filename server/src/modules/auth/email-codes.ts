/**
 * Email codes: one sent (limited per client address, per user and per recipient; kept as a hash with its
 * expiry) in the caller's language, and one checked and used (five tries at most).
 */
import type { Lang } from '@nexa/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { DomainError } from '../../kernel/errors';
import { newEmailCode, sha256Hex } from '../../kernel/tokens';
import { schema, type Tx } from '../../store';
import type { AuthCtx } from './context';

const { emailOutbox } = schema;

/** The code's email in the seven languages. */
const CODE_MAIL: Readonly<Record<Lang, { subject: string; body: string; ignore: string }>> = {
  en: {
    subject: 'Your Nexa verification code',
    body: 'Your verification code is {{code}}. It is valid for {{minutes}} minutes.',
    ignore: 'If you did not ask for it, ignore this email; never tell anyone the code.',
  },
  zh: {
    subject: '您的 Nexa 验证码',
    body: '您的验证码是 {{code}}，{{minutes}} 分钟内有效。',
    ignore: '如非本人操作，请忽略此邮件；切勿将验证码告诉任何人。',
  },
  ko: {
    subject: 'Nexa 인증 코드',
    body: '인증 코드는 {{code}}입니다. {{minutes}}분 동안 유효합니다.',
    ignore: '요청하지 않았다면 이 메일을 무시하세요. 코드를 누구에게도 알려 주지 마세요.',
  },
  th: {
    subject: 'รหัสยืนยัน Nexa ของคุณ',
    body: 'รหัสยืนยันของคุณคือ {{code}} ใช้ได้ {{minutes}} นาที',
    ignore: 'หากคุณไม่ได้ขอรหัสนี้ โปรดเพิกเฉยต่ออีเมลนี้ และอย่าบอกรหัสแก่ผู้ใด',
  },
  vi: {
    subject: 'Mã xác minh Nexa của bạn',
    body: 'Mã xác minh của bạn là {{code}}, có hiệu lực trong {{minutes}} phút.',
    ignore: 'Nếu bạn không yêu cầu, hãy bỏ qua email này; đừng bao giờ tiết lộ mã cho ai.',
  },
  ja: {
    subject: 'Nexa の確認コード',
    body: '確認コードは {{code}} です。{{minutes}} 分間有効です。',
    ignore: '心当たりがない場合はこのメールを無視してください。コードは誰にも教えないでください。',
  },
  de: {
    subject: 'Ihr Nexa-Bestätigungscode',
    body: 'Ihr Bestätigungscode lautet {{code}}. Er ist {{minutes}} Minuten gültig.',
    ignore:
      'Falls Sie ihn nicht angefordert haben, ignorieren Sie diese E-Mail; geben Sie den Code niemandem weiter.',
  },
};

export async function sendEmail(
  ctx: AuthCtx,
  email: string,
  scene: string,
  ip: string,
  userId?: number,
  lang: Lang = 'en',
): Promise<{ expires_in_s: number }> {
  const { store, clock, limiter, settings } = ctx;
  const nowMs = clock.now().getTime();
  const perIp = await settings.get('auth.email_per_ip_per_10min');
  const intervalS = await settings.get('auth.email_interval_s');
  const ttlS = await settings.get('auth.email_code_ttl_s');
  if (!(await limiter.hit(`email-ip:${ip}`, perIp, 600_000, nowMs))) throw new DomainError('RateLimited');
  if (userId !== undefined && !(await limiter.hit(`email-user:${userId}`, perIp, 600_000, nowMs))) {
    throw new DomainError('RateLimited');
  }
  if (!(await limiter.hit(`email-to:${email.toLowerCase()}`, 1, intervalS * 1000, nowMs)))
    throw new DomainError('RateLimited');
  const code = newEmailCode();
  const [row] = await store.db
    .insert(emailOutbox)
    .values({
      email: email.toLowerCase(),
      scene,
      codeHash: sha256Hex(`${email.toLowerCase()}:${code}`),
      createdAt: new Date(nowMs),
      expiresAt: new Date(nowMs + ttlS * 1000),
    })
    .returning({ id: emailOutbox.id });
  const words = CODE_MAIL[lang];
  const minutes = String(Math.round(ttlS / 60));
  // A signed-in user's code email starts with their anti-phishing code, like every other email to them.
  const header = userId === undefined ? '' : await ctx.mailHeader(userId, lang);
  const delivered = await ctx.mailer.send({
    to: email,
    subject: words.subject,
    text: `${header ? `${header}\n\n` : ''}${words.body.replace('{{code}}', code).replace('{{minutes}}', minutes)}\n\n${words.ignore}\n`,
  });
  if (delivered && row) {
    await store.db.update(emailOutbox).set({ deliveredAt: clock.now() }).where(eq(emailOutbox.id, row.id));
  }
  return { expires_in_s: ttlS };
}

/**
 * Checks a code sent to an address for a scene without using it: the id of its row when right (the newest
 * code sent, unused, unexpired), null otherwise; a wrong code counts a try, five at most.
 */
export async function checkEmailCode(
  ctx: AuthCtx,
  email: string,
  code: string,
  scene: string,
): Promise<number | null> {
  const addr = email.toLowerCase();
  const [latest] = await ctx.store.db
    .select()
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.email, addr),
        eq(emailOutbox.scene, scene),
        isNull(emailOutbox.usedAt),
        gt(emailOutbox.expiresAt, ctx.clock.now()),
      ),
    )
    .orderBy(sql`${emailOutbox.createdAt} desc, ${emailOutbox.id} desc`)
    .limit(1);
  if (!latest || latest.attempts >= 5) return null;
  if (latest.codeHash === sha256Hex(`${addr}:${code}`)) return latest.id;
  await ctx.store.db
    .update(emailOutbox)
    .set({ attempts: sql`${emailOutbox.attempts} + 1` })
    .where(eq(emailOutbox.id, latest.id));
  return null;
}

/** Uses a checked code in the caller's transaction; false when another call used it first. */
export async function useEmailCode(tx: Tx, id: number, now: Date): Promise<boolean> {
  const done = await tx
    .update(emailOutbox)
    .set({ usedAt: now })
    .where(and(eq(emailOutbox.id, id), isNull(emailOutbox.usedAt)))
    .returning({ id: emailOutbox.id });
  return done.length > 0;
}

/** Consumes a code sent to an address for a scene; false when wrong, used or expired (five tries at most). */
export async function verifyEmailCode(
  ctx: AuthCtx,
  email: string,
  code: string,
  scene = 'bind',
): Promise<boolean> {
  const id = await checkEmailCode(ctx, email, code, scene);
  if (id === null) return false;
  return ctx.store.db.transaction((tx) => useEmailCode(tx, id, ctx.clock.now()));
}
