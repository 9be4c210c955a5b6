/**
 * The address book and whitelist mode: saved withdrawal addresses with labels per network, each checked against
 * its network's address family and usable only `withdraw.new_address_delay_h` after it was added (the user is
 * told of every new one); with whitelist mode on, a withdrawal goes only to a saved address once usable.
 * Turning whitelist mode off needs the authenticator's code where one is enabled and holds withdrawals for the
 * security lock, like a change of the second factor.
 */
import { formatDateMinute, maskAddress } from '@nexa/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import { DomainError, ValidationError } from '../../kernel/errors';
import { writeNotice } from '../../kernel/notices';
import { isAddressOf } from './chain/addresses';
import { iso } from './common';
import type { WalletCtx } from './context';
import { walletAddressBook, walletWithdrawPrefs } from './tables';

type SavedRow = typeof walletAddressBook.$inferSelect;

/** The chains an address may be saved for, with their network's name and address family. */
async function networksOf(ctx: WalletCtx) {
  const seen = new Map<string, { chain: string; network: string; family: 'evm' | 'tron' | 'bitcoin' }>();
  for (const n of await ctx.settings.get('deposit.networks'))
    if (!seen.has(n.chain)) seen.set(n.chain, { chain: n.chain, network: n.network, family: n.family });
  return seen;
}

/** An address as the book keeps it: EVM in lower case, the case-sensitive families as written. */
export function bookForm(family: string, address: string): string {
  const a = address.trim();
  return family === 'evm' ? a.toLowerCase() : a;
}

async function view(ctx: WalletCtx, r: SavedRow) {
  const n = (await networksOf(ctx)).get(r.chain);
  return {
    id: r.id,
    chain: r.chain,
    network: n?.network ?? r.chain,
    address: r.address,
    label: r.label,
    created_at: iso(r.createdAt),
    usable_at: iso(r.usableAt),
  };
}

async function whitelistOn(ctx: WalletCtx, userId: number): Promise<boolean> {
  const [p] = await ctx.store.db
    .select({ on: walletWithdrawPrefs.whitelist })
    .from(walletWithdrawPrefs)
    .where(eq(walletWithdrawPrefs.userId, userId));
  return p?.on ?? false;
}

export async function addressBook(ctx: WalletCtx, userId: number, chain?: string) {
  const mine = eq(walletAddressBook.userId, userId);
  const rows = await ctx.store.db
    .select()
    .from(walletAddressBook)
    .where(chain ? and(mine, eq(walletAddressBook.chain, chain)) : mine)
    .orderBy(desc(walletAddressBook.id));
  return {
    list: await Promise.all(rows.map((r) => view(ctx, r))),
    whitelist: await whitelistOn(ctx, userId),
    networks: [...(await networksOf(ctx)).values()].map(({ chain: c, network }) => ({ chain: c, network })),
  };
}

export async function addAddress(
  ctx: WalletCtx,
  userId: number,
  body: { chain: string; address: string; label: string },
) {
  const n = (await networksOf(ctx)).get(body.chain);
  if (!n) throw new ValidationError('chain', 'invalid_value');
  const address = bookForm(n.family, body.address);
  if (!isAddressOf(n.family, address)) throw new ValidationError('address', 'invalid_format');
  const max = await ctx.settings.get('withdraw.address_book_max');
  const delayH = await ctx.settings.get('withdraw.new_address_delay_h');
  const now = ctx.clock.now();
  const usableAt = new Date(now.getTime() + delayH * 3_600_000);
  const row = await ctx.store.db.transaction(async (tx) => {
    const [had] = await tx
      .select({ n: count() })
      .from(walletAddressBook)
      .where(eq(walletAddressBook.userId, userId));
    if ((had?.n ?? 0) >= max) throw new DomainError('AddressBookFull');
    const [r] = await tx
      .insert(walletAddressBook)
      .values({ userId, chain: n.chain, address, label: body.label, createdAt: now, usableAt })
      .onConflictDoNothing()
      .returning();
    if (!r) throw new DomainError('AddressExists');
    await writeNotice(ctx.outbox, tx, {
      userId,
      kind: 'address_added',
      ref: `address_${r.id}`,
      params: {
        label: body.label,
        network: n.network,
        address: maskAddress(address),
        until: formatDateMinute(usableAt, 0),
      },
    });
    return r;
  });
  return view(ctx, row);
}

export async function deleteAddress(ctx: WalletCtx, userId: number, id: number) {
  const gone = await ctx.store.db
    .delete(walletAddressBook)
    .where(and(eq(walletAddressBook.id, id), eq(walletAddressBook.userId, userId)))
    .returning({ id: walletAddressBook.id });
  if (gone.length === 0) throw new DomainError('NotFound');
  return { deleted: gone.length };
}

export async function setWhitelist(ctx: WalletCtx, userId: number, on: boolean, totpCode?: string) {
  if (!ctx.security) throw new DomainError('NotAvailable');
  const security = ctx.security;
  // Turning it off weakens the account: the second factor is asked and withdrawals wait.
  if (!on) await security.verifyTotp(userId, totpCode);
  const now = ctx.clock.now();
  await ctx.store.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ on: walletWithdrawPrefs.whitelist })
      .from(walletWithdrawPrefs)
      .where(eq(walletWithdrawPrefs.userId, userId))
      .for('update');
    if ((before?.on ?? false) === on) return;
    await tx
      .insert(walletWithdrawPrefs)
      .values({ userId, whitelist: on, updatedAt: now })
      .onConflictDoUpdate({ target: walletWithdrawPrefs.userId, set: { whitelist: on, updatedAt: now } });
    if (!on) {
      await security.markChanged(tx, userId, 'whitelist_off');
      return;
    }
    await writeNotice(ctx.outbox, tx, {
      userId,
      kind: 'security_changed',
      ref: `security_whitelist_on_${now.getTime()}`,
      params: { change: 'whitelist_on' },
    });
  });
  return { whitelist: on };
}

/** Under whitelist mode, a withdrawal's address must be saved and usable; otherwise any valid one will do. */
export async function refuseUnlisted(ctx: WalletCtx, userId: number, chain: string, address: string) {
  if (!(await whitelistOn(ctx, userId))) return;
  const n = (await networksOf(ctx)).get(chain);
  const [saved] = await ctx.store.db
    .select()
    .from(walletAddressBook)
    .where(
      and(
        eq(walletAddressBook.userId, userId),
        eq(walletAddressBook.chain, chain),
        eq(walletAddressBook.address, bookForm(n?.family ?? 'evm', address)),
      ),
    );
  if (!saved) throw new DomainError('AddressNotWhitelisted');
  if (saved.usableAt > ctx.clock.now())
    throw new DomainError('AddressNotYetUsable', { until: formatDateMinute(saved.usableAt, 0) });
}
