/**
 * The hot wallet's direct send (`sendToken`: priced, signed with the node's pending nonce, broadcast; one at a
 * time from this process) and its balance. Withdrawals go through `payer` instead (`evm-pay.ts`), whose nonces
 * and signed transactions the wallet keeps in the store.
 */
import { ERC20, type EvmCtx, ready, toMinor } from './evm-context';
import { broadcast, fees, hotAddress, nonceOf, payToken, prepare, sign } from './evm-pay';
import type { HotWalletBalance } from './types';

/** One send at a time from this process, so nonces do not collide. */
function serialized<T>(ctx: EvmCtx, fn: () => Promise<T>): Promise<T> {
  const run = ctx.state.sending.then(fn, fn);
  ctx.state.sending = run.catch(() => {});
  return run;
}

export async function sendToken(ctx: EvmCtx, to: string, amountMinor: bigint): Promise<string> {
  const p = await prepare(ctx, to, amountMinor);
  return serialized(ctx, async () => {
    const signed = await sign(ctx, p, await nonceOf(ctx, 'pending'), await fees(ctx));
    await broadcast(ctx, signed.raw);
    ctx.log?.info(
      { chain: ctx.chain, to, amountMinor: amountMinor.toString(), hash: signed.hash },
      'hot wallet sent',
    );
    return signed.hash;
  });
}

export async function hotWalletBalance(ctx: EvmCtx): Promise<HotWalletBalance> {
  const address = await hotAddress(ctx);
  const token = payToken(ctx);
  await ready(ctx);
  const [tokenUnits, native] = await Promise.all([
    ctx.client.readContract({
      address: token.checksum,
      abi: ERC20,
      functionName: 'balanceOf',
      args: [address],
    }),
    ctx.client.getBalance({ address }),
  ]);
  return {
    address: address.toLowerCase(),
    amount: toMinor(token, tokenUnits),
    tokenUnits,
    native,
    nativeDecimals: 18,
    nativeSymbol: ctx.opts.gasSymbol ?? 'ETH',
  };
}
