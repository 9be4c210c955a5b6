import { USDT_SCALE } from '@nexa/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { DomainError } from '../../kernel/errors';
import { SYSTEM } from '../../ledger';
import { schema, type Tx } from '../../store';
import { type AddressDeriver, createAddressDeriver } from './chain/addresses';
import { type Assets, iso, platformDayStart, type WalletDeps } from './common';
import { WALLET_SETTINGS } from './settings';
import { walletFaucetClaims } from './tables';

const { depositAddresses } = schema;

/** The pool demo funds are paid from: real (demo) money, it can never pay out more than it holds. */
export const FAUCET_POOL = SYSTEM.rewards('faucet');
/** Where the demo's pool is filled from: operators' capital stands for money from outside. */
export const FAUCET_CAPITAL = SYSTEM.capital('demo');
/** What the demo's pool is filled to at each start (USDT minor units): a hundred million demo dollars. */
const FAUCET_POOL_TARGET = 100_000_000n * 10n ** BigInt(USDT_SCALE);

/** One deposit network of the settings. */
export type DepositNetwork = z.output<(typeof WALLET_SETTINGS)['deposit.networks']>[number];

/** `{tx}` / `{address}` of an explorer pattern filled in (encoded). */
export function explorerLink(pattern: string, key: 'tx' | 'address', value: string): string {
  return pattern.replace(`{${key}}`, encodeURIComponent(value));
}

/**
 * Money in without an operator: each user's own address per deposit network (derived from the platform's
 * extended public key, stored once), and in the demo, demo funds once per platform day.
 */
export function createFunding(deps: WalletDeps, assets: Assets) {
  const { store, clock, ledger, chain, config } = deps;
  const settings = deps.settings.of(WALLET_SETTINGS);
  const derive: AddressDeriver | null = config.depositXpub ? createAddressDeriver(config.depositXpub) : null;

  /** The configured networks of enabled assets. */
  async function networkList(): Promise<DepositNetwork[]> {
    const enabled = await assets.all();
    return (await settings.get('deposit.networks')).filter((n) => enabled.has(n.asset));
  }

  /** Whether the chain adapter watches this network (it credits by itself after the confirmations). */
  const watched = (n: DepositNetwork) => chain !== null && n.chain === chain.chain && n.asset === chain.asset;

  /** Confirmations a deposit needs: the watcher's own count where one watches, else the setting's. */
  const confirmationsOf = (n: DepositNetwork) =>
    chain && watched(n) ? chain.confirmations : n.confirmations;

  async function storedAddress(db: Tx | typeof store.db, userId: number, chainName: string) {
    const [row] = await db
      .select({ address: depositAddresses.address })
      .from(depositAddresses)
      .where(and(eq(depositAddresses.userId, userId), eq(depositAddresses.chain, chainName)));
    return row?.address ?? null;
  }

  /**
   * The user's address on a network: the watcher's where one runs (it keeps the addresses it watches),
   * else one kept earlier, else derived from the key (the same every time; reading it writes nothing);
   * null without a key.
   */
  async function addressOn(userId: number, n: DepositNetwork): Promise<string | null> {
    if (chain && watched(n)) return chain.depositAddress(userId);
    const existing = await storedAddress(store.db, userId, n.chain);
    if (existing) return existing;
    return derive ? derive(n.family, userId) : null;
  }

  function networkView(n: DepositNetwork, address: string | null) {
    return {
      asset: n.asset,
      chain: n.chain,
      network: n.network,
      min: n.min,
      confirmations: confirmationsOf(n),
      address,
      address_url: address ? explorerLink(n.address_url, 'address', address) : null,
      /** `chain`: watched and credited by itself; `operator`: send, then report the hash for an operator. */
      mode: watched(n) ? ('chain' as const) : ('operator' as const),
    };
  }

  /** Start of the next platform day after `day`. */
  const nextDay = (day: Date) => new Date(day.getTime() + 86_400_000);

  async function faucetInfo(userId: number) {
    if (!config.demoFaucet) return null;
    const day = await platformDayStart(deps);
    const [claimed] = await store.db
      .select({ day: walletFaucetClaims.day })
      .from(walletFaucetClaims)
      .where(and(eq(walletFaucetClaims.userId, userId), eq(walletFaucetClaims.day, day)));
    return {
      asset: 'USDT',
      amount: (await settings.get('faucet.amount')).text,
      next_at: claimed ? iso(nextDay(day)) : null,
    };
  }

  /** Every deposit network with the user's address on it, and the demo funds the user may claim. */
  async function networks(userId: number) {
    const list = await networkList();
    const views = [];
    for (const n of list) views.push(networkView(n, await addressOn(userId, n)));
    return {
      list: views,
      demo_key: config.demoDepositKey && derive !== null,
      faucet: await faucetInfo(userId),
    };
  }

  /** The network a deposit or withdrawal was recorded under, for its explorer link. */
  async function txLink(chainName: string, txHash: string | null): Promise<string | null> {
    if (!txHash) return null;
    const n = (await settings.get('deposit.networks')).find((x) => x.chain === chainName);
    if (!n) return null;
    // Hashes are kept with 0x; only EVM explorers write them so.
    return explorerLink(n.tx_url, 'tx', n.family === 'evm' ? txHash : txHash.replace(/^0x/, ''));
  }

  /** Demo funds: once per user and platform day, paid from the funded pool through the ledger. */
  async function claimFaucet(userId: number, ip: string) {
    if (!config.demoFaucet) throw new DomainError('NotAvailable');
    // Slows farming with many new accounts from one place; the day's claim is the real limit.
    if (!(await deps.limiter.hit(`faucet-ip:${ip}`, 20, 3_600_000, clock.now().getTime())))
      throw new DomainError('RateLimited');
    const amount = (await settings.get('faucet.amount')).units;
    const day = await platformDayStart(deps);
    const next = iso(nextDay(day));
    const nextText = `${next.slice(0, 10)} ${next.slice(11, 16)} UTC`;
    await store.db.transaction(async (tx) => {
      // The day's row first: a second claim (a double tap, a race) finds it and pays nothing.
      const [row] = await tx
        .insert(walletFaucetClaims)
        .values({ userId, day, amount, ledgerTxId: 0, createdAt: clock.now() })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new DomainError('FaucetClaimed', { next: nextText });
      const pool = await ledger.systemAccount(tx, FAUCET_POOL, 'USDT');
      const held = (await ledger.accountBalances(tx, [pool.id])).get(pool.id)?.available ?? 0n;
      if (held < amount) throw new DomainError('FaucetEmpty');
      const ledgerTxId = await ledger.credit(tx, {
        account: { userId, asset: 'USDT', kind: 'spot' },
        system: FAUCET_POOL,
        amount,
        cause: 'demo.faucet',
        ref: `faucet_${userId}_${day.getTime()}`,
        remark: '',
        userId,
      });
      await tx
        .update(walletFaucetClaims)
        .set({ ledgerTxId })
        .where(and(eq(walletFaucetClaims.userId, userId), eq(walletFaucetClaims.day, day)));
    });
    return { asset: 'USDT', amount: (await settings.get('faucet.amount')).text, next_at: next };
  }

  /** Fills the demo's pool up to its target from the demo's capital (at start, when the faucet is on). */
  async function fillFaucetPool(): Promise<void> {
    if (!config.demoFaucet) return;
    await store.db.transaction(async (tx) => {
      const pool = await ledger.systemAccount(tx, FAUCET_POOL, 'USDT');
      const held = (await ledger.accountBalances(tx, [pool.id])).get(pool.id)?.available ?? 0n;
      if (held >= FAUCET_POOL_TARGET) return;
      await ledger.transfer(tx, {
        from: { system: FAUCET_CAPITAL, asset: 'USDT' },
        to: { system: FAUCET_POOL, asset: 'USDT' },
        amount: FAUCET_POOL_TARGET - held,
        cause: 'demo.faucet_fund',
        ref: `faucet_fund_${clock.now().getTime()}`,
        remark: '',
      });
    });
  }

  return { networkList, networks, addressOn, txLink, claimFaucet, fillFaucetPool, watched, confirmationsOf };
}

export type Funding = ReturnType<typeof createFunding>;
