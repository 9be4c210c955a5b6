/**
 * An EVM network's hot wallet, step by step (`HotPayer`): a payment checked and priced, signed by the signer
 * for a nonce the caller allocated, checked against what was asked, broadcast, and followed by its receipt.
 * The wallet keeps every signed version in the store before broadcasting it (`withdrawal-send.ts`).
 */
import {
  type Address,
  encodeFunctionData,
  getAddress,
  type Hex,
  isAddress,
  keccak256,
  parseTransaction,
  recoverTransactionAddress,
  TransactionReceiptNotFoundError,
} from 'viem';
import { DomainError, ValidationError } from '../../../kernel/errors';
import { ERC20, type EvmCtx, ready, toTokenUnits } from './evm-context';
import type { UnsignedEvmTx } from './signer';
import type { HotPayer, PaymentFees, PreparedPayment, SentReceipt, SignedPayment } from './types';

/** The token withdrawals are paid in: the network's first. */
export function payToken(ctx: EvmCtx) {
  const token = ctx.tokens[0];
  if (!token) throw new Error(`chain ${ctx.chain}: no token to pay withdrawals in`);
  return token;
}

function signerOf(ctx: EvmCtx) {
  if (!ctx.signer) throw new Error(`chain ${ctx.chain}: no hot wallet key configured`);
  return ctx.signer;
}

/** The hot wallet's address, asked of the signer once (again after a failure). */
export function hotAddress(ctx: EvmCtx): Promise<Address> {
  const signer = signerOf(ctx);
  if (!ctx.state.hotAddress) {
    const asked = signer.address(ctx.chain, ctx.opts.chainId).then((a) => getAddress(a));
    asked.catch(() => {
      ctx.state.hotAddress = null;
    });
    ctx.state.hotAddress = asked;
  }
  return ctx.state.hotAddress;
}

export async function prepare(ctx: EvmCtx, to: string, amountMinor: bigint): Promise<PreparedPayment> {
  const token = payToken(ctx);
  if (!isAddress(to, { strict: false })) throw new ValidationError('address', 'invalid_format');
  if (amountMinor <= 0n) throw new ValidationError('amount', 'too_small');
  const units = toTokenUnits(token, amountMinor);
  const from = await hotAddress(ctx);
  await ready(ctx);
  const balance = await ctx.client.readContract({
    address: token.checksum,
    abi: ERC20,
    functionName: 'balanceOf',
    args: [from],
  });
  if (balance < units) throw new DomainError('InsufficientBalance');
  const args = [getAddress(to), units] as const;
  // A dry run: a transfer the token would refuse is never signed.
  await ctx.client.simulateContract({
    account: from,
    address: token.checksum,
    abi: ERC20,
    functionName: 'transfer',
    args,
  });
  const data = encodeFunctionData({ abi: ERC20, functionName: 'transfer', args });
  const gas = await ctx.client.estimateGas({ account: from, to: token.checksum, data });
  // A margin over the estimate: the state may change a little before it is mined.
  return { to: token.checksum, data, value: 0n, gas: gas + gas / 5n };
}

export async function fees(ctx: EvmCtx): Promise<PaymentFees> {
  const f = await ctx.client.estimateFeesPerGas({ type: 'eip1559' });
  return { maxFeePerGas: f.maxFeePerGas, maxPriorityFeePerGas: f.maxPriorityFeePerGas };
}

/** Signs `tx` and checks what came back: the same fields, signed by the hot wallet, for this network. */
async function signChecked(ctx: EvmCtx, tx: UnsignedEvmTx): Promise<SignedPayment> {
  const from = await hotAddress(ctx);
  const raw = await signerOf(ctx).sign(ctx.chain, from, tx);
  const parsed = parseTransaction(raw);
  const same =
    parsed.type === 'eip1559' &&
    parsed.chainId === tx.chainId &&
    parsed.to?.toLowerCase() === tx.to.toLowerCase() &&
    (parsed.data ?? '0x') === tx.data &&
    (parsed.value ?? 0n) === tx.value &&
    parsed.nonce === tx.nonce &&
    parsed.gas === tx.gas &&
    parsed.maxFeePerGas === tx.maxFeePerGas &&
    parsed.maxPriorityFeePerGas === tx.maxPriorityFeePerGas;
  if (!same) throw new Error(`chain ${ctx.chain}: the signer signed another transaction than asked`);
  const signer = await recoverTransactionAddress({ serializedTransaction: raw as `0x02${string}` });
  if (signer.toLowerCase() !== from.toLowerCase()) {
    throw new Error(`chain ${ctx.chain}: the transaction is not signed by the hot wallet`);
  }
  return {
    raw,
    hash: keccak256(raw),
    nonce: tx.nonce,
    maxFeePerGas: tx.maxFeePerGas,
    maxPriorityFeePerGas: tx.maxPriorityFeePerGas,
  };
}

export function sign(ctx: EvmCtx, p: PreparedPayment, nonce: number, f: PaymentFees) {
  return signChecked(ctx, {
    chainId: ctx.opts.chainId,
    to: getAddress(p.to),
    data: p.data as Hex,
    value: p.value,
    nonce,
    gas: p.gas,
    ...f,
  });
}

export function resign(ctx: EvmCtx, raw: string, f: PaymentFees) {
  const t = parseTransaction(raw as Hex);
  if (t.type !== 'eip1559' || !t.to || t.nonce === undefined || t.gas === undefined) {
    throw new Error(`chain ${ctx.chain}: not a stored payment`);
  }
  return signChecked(ctx, {
    chainId: ctx.opts.chainId,
    to: t.to,
    data: t.data ?? '0x',
    value: t.value ?? 0n,
    nonce: t.nonce,
    gas: t.gas,
    ...f,
  });
}

/** Node answers that mean the transaction is already with it (or mined): broadcasting it again is no error. */
const KNOWN = /already known|known transaction|already imported|nonce too low|already exists/i;

export async function broadcast(ctx: EvmCtx, raw: string): Promise<void> {
  try {
    await ctx.client.sendRawTransaction({ serializedTransaction: raw as Hex });
  } catch (err) {
    const text =
      err instanceof Error ? `${err.message} ${String((err as { details?: unknown }).details)}` : '';
    if (KNOWN.test(text)) return;
    throw err;
  }
}

export async function receipt(ctx: EvmCtx, hash: string): Promise<SentReceipt | null> {
  try {
    const r = await ctx.client.getTransactionReceipt({ hash: hash as Hex });
    return { ok: r.status === 'success', blockNumber: Number(r.blockNumber) };
  } catch (err) {
    if (err instanceof TransactionReceiptNotFoundError) return null;
    throw err;
  }
}

export async function nonceOf(ctx: EvmCtx, which: 'latest' | 'pending'): Promise<number> {
  return ctx.client.getTransactionCount({ address: await hotAddress(ctx), blockTag: which });
}

/** The payer of a network with a signer; null without one. */
export function evmPayer(ctx: EvmCtx): HotPayer | null {
  if (!ctx.signer) return null;
  return {
    address: async () => (await hotAddress(ctx)).toLowerCase(),
    prepare: (to, amountMinor) => prepare(ctx, to, amountMinor),
    fees: () => fees(ctx),
    nonce: (which) => nonceOf(ctx, which),
    sign: (p, nonce, f) => sign(ctx, p, nonce, f),
    resign: (raw, f) => resign(ctx, raw, f),
    broadcast: (raw) => broadcast(ctx, raw),
    receipt: (hash) => receipt(ctx, hash),
    head: async () => Number(await ctx.client.getBlockNumber({ cacheTime: 0 })),
  };
}
