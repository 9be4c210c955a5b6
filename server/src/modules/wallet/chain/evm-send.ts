import { getAddress, isAddress } from 'viem';
import { DomainError, ValidationError } from '../../../kernel/errors';
import { ERC20, type EvmCtx, ready, toMinor, toTokenUnits } from './evm-context';
import type { HotWalletBalance } from './types';

/** One send at a time from this process, so nonces do not collide. */
function serialized<T>(ctx: EvmCtx, fn: () => Promise<T>): Promise<T> {
  const run = ctx.state.sending.then(fn, fn);
  ctx.state.sending = run.catch(() => {});
  return run;
}

export async function sendToken(ctx: EvmCtx, to: string, amountMinor: bigint): Promise<string> {
  const { wallet, hotAccount } = ctx;
  if (!wallet || !hotAccount) throw new Error(`chain ${ctx.chain}: no hot wallet key configured`);
  if (!isAddress(to, { strict: false })) throw new ValidationError('address', 'invalid_format');
  if (amountMinor <= 0n) throw new ValidationError('amount', 'too_small');
  const units = toTokenUnits(ctx, amountMinor);
  const recipient = getAddress(to);
  await ready(ctx);
  return serialized(ctx, async () => {
    const balance = await ctx.client.readContract({
      address: ctx.tokenAddress,
      abi: ERC20,
      functionName: 'balanceOf',
      args: [hotAccount.address],
    });
    if (balance < units) throw new DomainError('InsufficientBalance');
    const { request } = await ctx.client.simulateContract({
      account: hotAccount,
      address: ctx.tokenAddress,
      abi: ERC20,
      functionName: 'transfer',
      args: [recipient, units],
    });
    const hash = await wallet.writeContract(request);
    ctx.log.info(
      { chain: ctx.chain, to: recipient, amountMinor: amountMinor.toString(), hash },
      'hot wallet sent',
    );
    return hash;
  });
}

export async function hotWalletBalance(ctx: EvmCtx): Promise<HotWalletBalance> {
  if (!ctx.hotAccount) throw new Error(`chain ${ctx.chain}: no hot wallet key configured`);
  await ready(ctx);
  const [tokenUnits, native] = await Promise.all([
    ctx.client.readContract({
      address: ctx.tokenAddress,
      abi: ERC20,
      functionName: 'balanceOf',
      args: [ctx.hotAccount.address],
    }),
    ctx.client.getBalance({ address: ctx.hotAccount.address }),
  ]);
  return {
    address: ctx.hotAccount.address.toLowerCase(),
    amount: toMinor(ctx, tokenUnits),
    tokenUnits,
    native,
  };
}
