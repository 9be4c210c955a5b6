/**
 * Reads a user's liquidity in an on-chain pair of the Uniswap-V2 kind: the LP tokens the user's address holds,
 * the pair's supply and reserves, and the symbols and decimals of its two tokens (read once; they never change).
 */
import { createPublicClient, defineChain, getAddress, http, isAddress, parseAbi } from 'viem';

export interface LpChainPosition {
  readonly symbol0: string;
  readonly symbol1: string;
  readonly decimals0: number;
  readonly decimals1: number;
  readonly lpDecimals: number;
  readonly balance: bigint;
  readonly totalSupply: bigint;
  readonly reserve0: bigint;
  readonly reserve1: bigint;
}

export interface LpChainReader {
  readonly chainId: number;
  readonly pair: string;
  position(owner: string): Promise<LpChainPosition>;
}

const PAIR = parseAbi([
  'function token0() view returns (address)',
  'function token1() view returns (address)',
  'function getReserves() view returns (uint112, uint112, uint32)',
  'function totalSupply() view returns (uint256)',
  'function balanceOf(address) view returns (uint256)',
  'function decimals() view returns (uint8)',
]);
const TOKEN = parseAbi([
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
]);

/** What a position stands for: balance ÷ supply of each reserve, rounded down (0 when supply is 0). */
export function underlying(p: LpChainPosition): { amount0: bigint; amount1: bigint } {
  if (p.totalSupply === 0n) return { amount0: 0n, amount1: 0n };
  return {
    amount0: (p.reserve0 * p.balance) / p.totalSupply,
    amount1: (p.reserve1 * p.balance) / p.totalSupply,
  };
}

export function createLpChainReader(opts: {
  rpcUrl: string;
  chainId: number;
  pair: string;
  timeoutMs?: number;
}): LpChainReader {
  if (!isAddress(opts.pair)) throw new Error(`not an address: ${opts.pair}`);
  const pair = getAddress(opts.pair);
  const chain = defineChain({
    id: opts.chainId,
    name: `chain ${opts.chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [opts.rpcUrl] } },
  });
  const client = createPublicClient({
    chain,
    transport: http(opts.rpcUrl, { timeout: opts.timeoutMs ?? 5_000, retryCount: 0 }),
  });
  let fixed: Promise<
    Pick<LpChainPosition, 'symbol0' | 'symbol1' | 'decimals0' | 'decimals1' | 'lpDecimals'>
  > | null = null;

  async function readFixed() {
    const [t0, t1, lpDecimals] = await Promise.all([
      client.readContract({ address: pair, abi: PAIR, functionName: 'token0' }),
      client.readContract({ address: pair, abi: PAIR, functionName: 'token1' }),
      client.readContract({ address: pair, abi: PAIR, functionName: 'decimals' }),
    ]);
    const [symbol0, symbol1, decimals0, decimals1] = await Promise.all([
      client.readContract({ address: t0, abi: TOKEN, functionName: 'symbol' }),
      client.readContract({ address: t1, abi: TOKEN, functionName: 'symbol' }),
      client.readContract({ address: t0, abi: TOKEN, functionName: 'decimals' }),
      client.readContract({ address: t1, abi: TOKEN, functionName: 'decimals' }),
    ]);
    return { symbol0, symbol1, decimals0, decimals1, lpDecimals };
  }

  return {
    chainId: opts.chainId,
    pair,
    async position(owner) {
      if (!isAddress(owner)) throw new Error(`not an address: ${owner}`);
      fixed ??= readFixed().catch((err: unknown) => {
        fixed = null;
        throw err;
      });
      const [f, [reserve0, reserve1], totalSupply, balance] = await Promise.all([
        fixed,
        client.readContract({ address: pair, abi: PAIR, functionName: 'getReserves' }),
        client.readContract({ address: pair, abi: PAIR, functionName: 'totalSupply' }),
        client.readContract({
          address: pair,
          abi: PAIR,
          functionName: 'balanceOf',
          args: [getAddress(owner)],
        }),
      ]);
      return { ...f, balance, totalSupply, reserve0, reserve1 };
    },
  };
}
