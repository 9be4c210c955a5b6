/** A user's own account and referrals: the account's page, the direct referrals, the team below (masked). */
import { formatAmount, maskAddress, USDT_SCALE } from '@nexa/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import { DomainError } from '../../kernel/errors';
import { schema } from '../../store';
import { onPage, pageAnswer } from '../../store/paging';
import type { Page, UsersCtx } from './context';

const { users, userAncestors } = schema;

async function validThreshold(ctx: UsersCtx): Promise<bigint> {
  return (await ctx.settings.get('referral.valid_volume_usdt')).units;
}

function referralRow(threshold: bigint) {
  return (r: { uid: string; address: string; volumeMinor: string; createdAt: Date }) => {
    const volume = BigInt(r.volumeMinor);
    return {
      uid: r.uid,
      // Referrals and team members are shown masked: their full addresses are theirs to share.
      address: maskAddress(r.address),
      valid: volume >= threshold,
      volume: formatAmount(volume, USDT_SCALE),
      registered_at: r.createdAt.toISOString(),
    };
  };
}

const referralFields = {
  uid: users.uid,
  address: users.address,
  volumeMinor: users.volumeMinor,
  createdAt: users.createdAt,
};

/** Direct referrals, newest first. */
export async function directReferrals(ctx: UsersCtx, userId: number, page: Page) {
  const { store } = ctx;
  const where = eq(users.parentId, userId);
  const [list, [total]] = await Promise.all([
    onPage(store.db.select(referralFields).from(users).where(where).orderBy(desc(users.id)), page),
    store.db.select({ n: count() }).from(users).where(where),
  ]);
  const row = referralRow(await validThreshold(ctx));
  return pageAnswer(list.map(row), total);
}

/** Everyone below the user with their distance and level, nearest first. */
export async function teamList(ctx: UsersCtx, userId: number, page: Page) {
  const { store } = ctx;
  const where = eq(userAncestors.ancestorId, userId);
  const [list, [total]] = await Promise.all([
    onPage(
      store.db
        .select({ ...referralFields, distance: userAncestors.distance, level: users.level })
        .from(userAncestors)
        .innerJoin(users, eq(users.id, userAncestors.descendantId))
        .where(where)
        .orderBy(userAncestors.distance, desc(users.id)),
      page,
    ),
    store.db.select({ n: count() }).from(userAncestors).where(where),
  ]);
  const row = referralRow(await validThreshold(ctx));
  return pageAnswer(
    list.map((r) => ({ ...row(r), distance: r.distance, level: r.level })),
    total,
  );
}

/** Everyone below the user in the referral tree, nearest first. */
export async function team(ctx: UsersCtx, userId: number, page: Page) {
  const { list, total } = await teamList(ctx, userId, page);
  return { list: list.map(({ distance: _d, level: _l, ...r }) => r), total };
}

export async function info(ctx: UsersCtx, userId: number) {
  const { store } = ctx;
  const [me] = await store.db.select().from(users).where(eq(users.id, userId));
  if (!me) throw new DomainError('SessionInvalid');
  const parent = me.parentId
    ? ((
        await store.db
          .select({ uid: users.uid, address: users.address })
          .from(users)
          .where(and(eq(users.id, me.parentId)))
          .limit(1)
      )[0] ?? null)
    : null;
  const first = { page: 1, size: 10 };
  const [shareList, shareUserList] = await Promise.all([
    directReferrals(ctx, userId, first),
    team(ctx, userId, first),
  ]);
  return {
    uid: me.uid,
    address: me.address,
    invite_code: me.inviteCode,
    level: me.level,
    email: me.email,
    parent,
    registered_at: me.createdAt.toISOString(),
    share_list: shareList,
    share_user_list: shareUserList,
  };
}
