/**
 * Bitcoin's hot wallet as the withdrawal sender drives it (`HotPayer`): a wallet of the operator's Bitcoin Core
 * node holds the key, so the API server holds none; the server asks it, through the wallet's JSON-RPC
 * (`<rpc_url>/wallet/<name>`), to build, fund and sign a payment, checks what came back, stores it, and only
 * then broadcasts it (`sendrawtransaction`).
 *
 * - Built: `createrawtransaction` (one output to the recipient), `fundrawtransaction` (the wallet's coins, its
 *   change, the fee rate asked, replaceable, the coins locked so the next payment takes others),
 *   `signrawtransactionwithwallet`; then `decoderawtransaction` and `getaddressinfo` check that it pays the
 *   recipient exactly the amount and every other output back to the wallet.
 * - Followed: `gettransaction` (mined at a height; a negative count is a conflict: another transaction spent its
 *   coins, so it can never be mined).
 * - Stuck: a replacement by fee (`psbtbumpfee`, `walletprocesspsbt`) spends the same coins, so at most one
 *   version is ever mined; it is checked, stored and broadcast like the first.
 */
import { formatAmount } from '@nexa/contract';
import { z } from 'zod';
import { DomainError, ValidationError } from '../../../kernel/errors';
import { isAddressOf } from './addresses';
import { BTC_DECIMALS, createRpc, Output, RpcError, satoshis } from './bitcoin-rpc';
import { toMinor, toTokenUnits } from './evm-context';
import { nodeEndpoint } from './node-http';
import type { HotPayer, HotWalletBalance, PaymentFees, PreparedPayment, SignedPayment } from './types';

export interface BitcoinPayOptions {
  readonly chain: string;
  /** Bitcoin Core's RPC, credentials in the URL; never logged. */
  readonly rpcUrl: string;
  /** The node's wallet that pays withdrawals. */
  readonly wallet: string;
  /** The platform's scale of BTC. */
  readonly scale: number;
  readonly timeout_ms?: number | undefined;
}

/** The fee rate when the node has no estimate yet, and the least ever offered: 1 sat/vB, in sat per 1,000 vB. */
export const MIN_FEE_RATE = 1_000n;
/** Blocks the fee estimate aims at. */
const TARGET_BLOCKS = 6;
/** Bitcoin Core's answer when a transaction is already mined. */
const ALREADY_IN_CHAIN = -27;
/** Bitcoin Core's answer for a transaction its wallet does not know. */
const NOT_IN_WALLET = -5;

const HEX = z.string().regex(/^[0-9a-fA-F]+$/);
const HASH = z.string().regex(/^[0-9a-fA-F]{64}$/);
const Balances = z.object({ mine: z.object({ trusted: z.number().finite().min(0) }) });
const Valid = z.object({ isvalid: z.boolean() });
const Estimate = z.object({ feerate: z.number().positive().optional() });
const Funded = z.object({ hex: HEX });
const Signed = z.object({ hex: HEX, complete: z.boolean() });
const Decoded = z.object({ txid: HASH, vout: z.array(Output) });
const Mine = z.object({ ismine: z.boolean() });
const WalletTx = z.object({ confirmations: z.number().int(), blockheight: z.number().int().optional() });
const Bumped = z.object({ psbt: z.string().min(1) });
const Processed = z.object({ psbt: z.string(), complete: z.boolean(), hex: HEX.optional() });

/** A fee rate in sat per 1,000 vB as the wallet's `fee_rate` option takes it (sat/vB). */
const perVbyte = (rate: bigint) => Number(rate) / 1000;
const btc = (sats: bigint) => formatAmount(sats, BTC_DECIMALS);

type Rpc = ReturnType<typeof createRpc>;

/** What the wallet signed, read back through the node: what it pays others, and whether that is what was asked. */
function paymentChecks(chain: string, rpc: Rpc, wallet: Rpc) {
  /** The outputs of a signed transaction that leave the wallet: what it pays others. */
  async function external(hex: string) {
    const d = await rpc(Decoded, 'decoderawtransaction', [hex]);
    const out: { address: string; sats: bigint }[] = [];
    for (const v of d.vout) {
      const address = v.scriptPubKey.address;
      if (!address) throw new Error(`chain ${chain}: an output without an address`);
      if (!(await wallet(Mine, 'getaddressinfo', [address])).ismine)
        out.push({ address, sats: satoshis(v.value) });
    }
    return { txid: d.txid.toLowerCase(), out };
  }

  /** Checks that a signed transaction pays `to` exactly `sats` and nothing else leaves the wallet. */
  async function checked(
    hex: string,
    to: string,
    sats: bigint,
    rate: bigint,
    nonce: number,
  ): Promise<SignedPayment> {
    const e = await external(hex);
    const [only] = e.out;
    if (e.out.length !== 1 || only?.address !== to || only.sats !== sats) {
      throw new Error(`chain ${chain}: the wallet signed another payment than asked`);
    }
    return { raw: hex, hash: `0x${e.txid}`, nonce, maxFeePerGas: rate, maxPriorityFeePerGas: 0n };
  }

  return { external, checked };
}

export function createBitcoinPayer(o: BitcoinPayOptions) {
  const node = nodeEndpoint(o.rpcUrl, o.timeout_ms ?? 15_000);
  const rpc = createRpc(node);
  const wallet = createRpc({ ...node, base: `${node.base}/wallet/${encodeURIComponent(o.wallet)}` }, '');
  const units = { decimals: BTC_DECIMALS, scale: o.scale };
  const label = `wallet ${o.wallet}`;

  async function trusted(): Promise<bigint> {
    return satoshis((await wallet(Balances, 'getbalances', [])).mine.trusted);
  }

  async function prepare(to: string, amountMinor: bigint): Promise<PreparedPayment> {
    if (!isAddressOf('bitcoin', to)) throw new ValidationError('address', 'invalid_format');
    // The node says whether the address is one of its network's (a testnet address on mainnet is not).
    if (!(await rpc(Valid, 'validateaddress', [to])).isvalid)
      throw new ValidationError('address', 'invalid_format');
    if (amountMinor <= 0n) throw new ValidationError('amount', 'too_small');
    const sats = toTokenUnits(units, amountMinor);
    if ((await trusted()) < sats) throw new DomainError('InsufficientBalance');
    return { to, data: '0x', value: sats, gas: 0n };
  }

  const { external, checked } = paymentChecks(o.chain, rpc, wallet);

  async function sign(p: PreparedPayment, nonce: number, f: PaymentFees): Promise<SignedPayment> {
    const created = await wallet(HEX, 'createrawtransaction', [[], [{ [p.to]: btc(p.value) }]]);
    const funded = await wallet(Funded, 'fundrawtransaction', [
      created,
      { fee_rate: perVbyte(f.maxFeePerGas), replaceable: true, lockUnspents: true },
    ]);
    const signed = await wallet(Signed, 'signrawtransactionwithwallet', [funded.hex]);
    if (!signed.complete) throw new Error(`chain ${o.chain}: the wallet could not sign the payment`);
    return checked(signed.hex, p.to, p.value, f.maxFeePerGas, nonce);
  }

  /** The same payment at a higher fee, spending the same coins (a replacement by fee). */
  async function resign(raw: string, f: PaymentFees): Promise<SignedPayment> {
    const was = await external(raw);
    const [paid] = was.out;
    if (was.out.length !== 1 || !paid) throw new Error(`chain ${o.chain}: not a stored payment`);
    const bumped = await wallet(Bumped, 'psbtbumpfee', [was.txid, { fee_rate: perVbyte(f.maxFeePerGas) }]);
    const done = await wallet(Processed, 'walletprocesspsbt', [bumped.psbt]);
    if (!done.complete || !done.hex)
      throw new Error(`chain ${o.chain}: the wallet could not sign the replacement`);
    return checked(done.hex, paid.address, paid.sats, f.maxFeePerGas, 0);
  }

  async function walletTx(hash: string) {
    try {
      return await wallet(WalletTx, 'gettransaction', [hash.replace(/^0x/, '')]);
    } catch (err) {
      if (err instanceof RpcError && err.code === NOT_IN_WALLET) return null;
      throw err;
    }
  }

  const payer: HotPayer = {
    address: async () => label,
    prepare,
    async fees() {
      const e = await rpc(Estimate, 'estimatesmartfee', [TARGET_BLOCKS]);
      const rate = e.feerate === undefined ? MIN_FEE_RATE : satoshis(e.feerate);
      return { maxFeePerGas: rate > MIN_FEE_RATE ? rate : MIN_FEE_RATE, maxPriorityFeePerGas: 0n };
    },
    nonce: async () => 0,
    sign,
    resign,
    async broadcast(raw) {
      try {
        await rpc(HASH, 'sendrawtransaction', [raw]);
      } catch (err) {
        // Already mined: no error. One already in the node's pool is answered with its id.
        if (err instanceof RpcError && err.code === ALREADY_IN_CHAIN) return;
        throw err;
      }
    },
    async receipt(hash) {
      const t = await walletTx(hash);
      if (!t || t.confirmations <= 0 || t.blockheight === undefined) return null;
      return { ok: true, blockNumber: t.blockheight };
    },
    head: async () => rpc(z.number().int().min(0), 'getblockcount', []),
    async dropped(hash) {
      const t = await walletTx(hash);
      return t !== null && t.confirmations < 0;
    },
  };

  async function hotWalletBalance(): Promise<HotWalletBalance> {
    const sats = await trusted();
    return {
      address: label,
      amount: toMinor(units, sats),
      tokenUnits: sats,
      native: sats,
      nativeDecimals: BTC_DECIMALS,
      nativeSymbol: 'BTC',
    };
  }

  return { payer, hotWalletBalance };
}
