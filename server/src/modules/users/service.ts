import { formatAmount, maskAddress, USDT_SCALE } from '@nexa/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../kernel/context';
import { DomainError } from '../../kernel/errors';
import { schema } from '../../store';
import { onPage, pageAnswer } from '../../store/paging';
import { USERS_SETTINGS } from './settings';

const { users, userAncestors } = schema;

export interface Page {
  readonly page: number;
  readonly size: number;
}

export function createUsers(deps: AppDeps) {
  const { store } = deps;
  const settings = deps.settings.of(USERS_SETTINGS);

  async function validThreshold(): Promise<bigint> {
    return (await settings.get('referral.valid_volume_usdt')).units;
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
  async function directReferrals(userId: number, page: Page) {
    const where = eq(users.parentId, userId);
    const [list, [total]] = await Promise.all([
      onPage(store.db.select(referralFields).from(users).where(where).orderBy(desc(users.id)), page),
      store.db.select({ n: count() }).from(users).where(where),
    ]);
    const row = referralRow(await validThreshold());
    return pageAnswer(list.map(row), total);
  }

  /** Everyone below the user with their distance and level, nearest first. */
  async function teamList(userId: number, page: Page) {
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
    const row = referralRow(await validThreshold());
    return pageAnswer(
      list.map((r) => ({ ...row(r), distance: r.distance, level: r.level })),
      total,
    );
  }

  /** Everyone below the user in the referral tree, nearest first. */
  async function team(userId: number, page: Page) {
    const { list, total } = await teamList(userId, page);
    return { list: list.map(({ distance: _d, level: _l, ...r }) => r), total };
  }

  async function info(userId: number) {
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
      directReferrals(userId, first),
      team(userId, first),
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

  return { info, directReferrals, team, teamList };
}

export type UsersModule = ReturnType<typeof createUsers>;
