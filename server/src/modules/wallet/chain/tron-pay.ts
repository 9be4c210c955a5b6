/**
 * Tron's hot wallet as the withdrawal sender drives it (`HotPayer`), through the node's HTTP API as TronGrid
 * serves it: the token's balance and a dry run of the transfer (`/wallet/triggerconstantcontract`), the
 * transaction built here (`tron-tx.ts`) on the newest block and signed by the signer (`tron-signer.ts`), its
 * signature checked, then `/wallet/broadcasthex`; `/wallet/gettransactioninfobyid` says whether it was mined
 * and succeeded.
 *
 * Tron has no account nonce and no fee market: a transaction names a recent block and an expiry, and burns
 * at most its fee limit. A version that is not mined is broadcast again as it is until it has expired; once
 * the chain's head is a minute past its expiry, no block can include it any more (`lapsed`), and the same
 * payment is signed again on a newer block (`resign`). The store's counter still numbers the versions.
 */
import { encodeFunctionData } from 'viem';
import { z } from 'zod';
import { DomainError, ValidationError } from '../../../kernel/errors';
import { tronHex } from './addresses';
import { ERC20, toMinor, toTokenUnits } from './evm-context';
import { shaped } from './node-http';
import { signedBy, type TronSigner } from './tron-signer';
import { decodeSigned, encodeRaw, encodeSigned, type TronCall, tronTxId } from './tron-tx';
import type { HotPayer, HotWalletBalance, PaymentFees, PreparedPayment, SignedPayment } from './types';

/** How long a signed version may wait to be included. */
export const TRON_EXPIRY_MS = 120_000;
/** How far past its expiry the head must be before a version counts as never to be mined. */
export const TRON_LAPSE_MARGIN_MS = 60_000;
/** The fee limit when the network's configuration names none: 30 TRX, in sun. */
export const TRON_FEE_LIMIT_SUN = 30_000_000n;

export interface TronPayOptions {
  readonly chain: string;
  /** One POST to the node; throws when it is down or answers another status than 200. */
  readonly call: (path: string, body: unknown) => Promise<unknown>;
  /** The token withdrawals are paid in: the network's first. */
  readonly token: { readonly hex: string; readonly decimals: number; readonly scale: number };
  readonly signer: TronSigner;
  /** Most TRX (in sun) a payment may burn. */
  readonly feeLimit: bigint;
}

const HEX64 = /^[0-9a-fA-F]{64}$/;

const NowBlock = z.object({
  blockID: z.string().regex(HEX64),
  block_header: z.object({
    raw_data: z.object({ number: z.number().int().min(0).default(0), timestamp: z.number().int().min(0) }),
  }),
});

const Constant = z.object({
  result: z.object({ result: z.boolean().optional() }).passthrough(),
  constant_result: z.array(z.string().regex(/^[0-9a-fA-F]*$/)).default([]),
});

const Broadcast = z.object({ result: z.boolean().optional(), code: z.string().optional() });

const Info = z.object({
  id: z.string().regex(HEX64),
  blockNumber: z.number().int().min(0),
  receipt: z.object({ result: z.string().optional() }).default({}),
  result: z.string().optional(),
});

const Account = z.object({ balance: z.number().int().min(0).default(0) });

const word = (hex: string) => hex.padStart(64, '0');

/** The node's newest block, and read-only calls of the token. */
function tronReads(o: TronPayOptions) {
  async function nowBlock() {
    const b = shaped(NowBlock, await o.call('/wallet/getnowblock', {}), 'getnowblock');
    const raw = b.block_header.raw_data;
    return { id: b.blockID.toLowerCase(), number: raw.number, time: raw.timestamp };
  }
  /** The token called by `owner` (20 bytes, hex) without a transaction: its one result word, in hex. */
  async function constant(owner: string, selector: string, parameter: string): Promise<string> {
    const json = await o.call('/wallet/triggerconstantcontract', {
      owner_address: `41${owner}`,
      contract_address: `41${o.token.hex}`,
      function_selector: selector,
      parameter,
    });
    const r = shaped(Constant, json, 'triggerconstantcontract');
    const out = r.constant_result[0];
    if (r.result.result !== true || out === undefined)
      throw new Error(`chain ${o.chain}: ${selector} failed`);
    return out;
  }
  return { nowBlock, constant };
}

export function createTronPayer(o: TronPayOptions) {
  let known: Promise<string> | null = null;
  /** The hot wallet's `T…` address, asked of the signer once (again after a failure). */
  const hotAddress = () => {
    if (!known) {
      known = o.signer.address(o.chain);
      known.catch(() => {
        known = null;
      });
    }
    return known;
  };
  const hotHex = async () => {
    const hex = tronHex(await hotAddress());
    if (!hex) throw new Error(`chain ${o.chain}: the signer named no Tron address`);
    return hex;
  };

  const { nowBlock, constant: read } = tronReads(o);
  /** A read-only call of the token by the hot wallet: its one result word, in hex. */
  const constant = async (selector: string, parameter: string) => read(await hotHex(), selector, parameter);

  /** The hot wallet's balance of the token, in its own units. */
  const tokenBalance = async () =>
    BigInt(`0x${(await constant('balanceOf(address)', word(await hotHex()))) || '0'}`);

  async function prepare(to: string, amountMinor: bigint): Promise<PreparedPayment> {
    const toHex = tronHex(to);
    if (!toHex) throw new ValidationError('address', 'invalid_format');
    if (amountMinor <= 0n) throw new ValidationError('amount', 'too_small');
    const units = toTokenUnits(o.token, amountMinor);
    const balance = await tokenBalance();
    if (balance < units) throw new DomainError('InsufficientBalance');
    // A dry run: a transfer the token would refuse is never signed.
    const ok = await constant('transfer(address,uint256)', word(toHex) + word(units.toString(16)));
    if (ok.length !== 64 || BigInt(`0x${ok}`) !== 1n)
      throw new Error(`chain ${o.chain}: the token refuses the transfer`);
    const data = encodeFunctionData({ abi: ERC20, functionName: 'transfer', args: [`0x${toHex}`, units] });
    return { to: `41${o.token.hex}`, data, value: 0n, gas: o.feeLimit };
  }

  /** The call signed on the newest block, its signature checked against the hot wallet. */
  async function signCall(call: TronCall, nonce: number): Promise<SignedPayment> {
    const from = await hotAddress();
    const head = await nowBlock();
    const raw = encodeRaw(call, {
      refBlockId: head.id,
      timestamp: head.time,
      expiration: head.time + TRON_EXPIRY_MS,
      feeLimit: o.feeLimit,
    });
    const signature = await o.signer.sign(o.chain, from, raw);
    if (!(await signedBy(raw, signature, call.owner.slice(2)))) {
      throw new Error(`chain ${o.chain}: the transaction is not signed by the hot wallet`);
    }
    return {
      raw: encodeSigned(raw, new Uint8Array(Buffer.from(signature, 'hex'))),
      hash: `0x${tronTxId(raw)}`,
      nonce,
      maxFeePerGas: o.feeLimit,
      maxPriorityFeePerGas: 0n,
    };
  }

  async function broadcast(raw: string): Promise<void> {
    const r = shaped(Broadcast, await o.call('/wallet/broadcasthex', { transaction: raw }), 'broadcasthex');
    // A transaction the node already holds is no error.
    if (r.result === true || r.code === 'DUP_TRANSACTION_ERROR') return;
    throw new Error(`chain ${o.chain}: the node refused the transaction (${r.code ?? 'no code'})`);
  }

  const payer: HotPayer = {
    address: hotAddress,
    prepare,
    fees: async (): Promise<PaymentFees> => ({ maxFeePerGas: o.feeLimit, maxPriorityFeePerGas: 0n }),
    nonce: async () => 0,
    sign: async (p, nonce) =>
      signCall({ owner: `41${await hotHex()}`, contract: p.to, data: p.data.replace(/^0x/, '') }, nonce),
    async resign(raw) {
      const t = decodeSigned(raw);
      if (t.owner !== `41${await hotHex()}` || t.contract !== `41${o.token.hex}`) {
        throw new Error(`chain ${o.chain}: not a stored payment`);
      }
      // The version's number is the stored one's (the follower keeps it); Tron's transaction carries none.
      return signCall({ owner: t.owner, contract: t.contract, data: t.data }, 0);
    },
    broadcast,
    async receipt(hash) {
      const json = await o.call('/wallet/gettransactioninfobyid', { value: hash.replace(/^0x/, '') });
      if (typeof json === 'object' && json !== null && Object.keys(json).length === 0) return null;
      const info = shaped(Info, json, 'gettransactioninfobyid');
      if (`0x${info.id.toLowerCase()}` !== hash.toLowerCase())
        throw new Error('node answered another transaction');
      const ok = info.result !== 'FAILED' && (info.receipt.result ?? 'SUCCESS') === 'SUCCESS';
      return { ok, blockNumber: info.blockNumber };
    },
    head: async () => (await nowBlock()).number,
    lapsed: async (raw) => (await nowBlock()).time > decodeSigned(raw).expiration + TRON_LAPSE_MARGIN_MS,
  };

  async function hotWalletBalance(): Promise<HotWalletBalance> {
    const address = await hotAddress();
    const units = await tokenBalance();
    const account = shaped(
      Account,
      await o.call('/wallet/getaccount', { address, visible: true }),
      'getaccount',
    );
    return {
      address,
      amount: toMinor(o.token, units),
      tokenUnits: units,
      native: BigInt(account.balance),
      nativeDecimals: 6,
      nativeSymbol: 'TRX',
    };
  }

  return { payer, hotWalletBalance };
}
