/**
 * The Tron and Bitcoin entries of CHAIN_NETWORKS (`kind: "tron"`, `kind: "bitcoin"`; docs/deploy.md,
 * "Chains"). Their secrets come from the environment, never from the JSON: TronGrid's key from
 * `TRON_API_KEY_<CHAIN>` (`TRON_API_KEY` for `tron`), a Tron hot wallet's key from `HOT_WALLET_KEY_<CHAIN>`
 * (or the external signer); Bitcoin Core's credentials in its `rpc_url`.
 */
import { z } from 'zod';

const common = {
  /** Blocks (the deposit's own included) after which a deposit is final. */
  confirmations: z.number().int().min(1).max(1000),
  /** Blocks after which a deposit is credited, held until final; default: `confirmations`. */
  credit_after: z.number().int().min(1).max(1000).optional(),
  /** First block to scan on the first start; default: the head then. */
  start_block: z.number().int().min(0).optional(),
  /** Deadline of one request to the node. */
  timeout_ms: z.number().int().min(100).max(120_000).default(15_000),
};

const creditBeforeFinal = (n: { confirmations: number; credit_after?: number | undefined }) =>
  (n.credit_after ?? n.confirmations) <= n.confirmations;

/** A Tron network read through a full node's HTTP API (TronGrid or an own node). */
export const TronNetworkSchema = z
  .object({
    kind: z.literal('tron'),
    chain: z
      .string()
      .regex(/^[a-z0-9_-]{1,20}$/)
      .default('tron'),
    url: z.string().url(),
    tokens: z
      .array(
        z
          .object({
            asset: z.string().min(1),
            /** The TRC20 contract, base58check (`T…`) or hex with its 41 prefix. */
            address: z.string().regex(/^(T[1-9A-HJ-NP-Za-km-z]{33}|41[0-9a-fA-F]{40})$/),
            decimals: z.number().int().min(0).max(36),
          })
          .strict(),
      )
      .min(1),
    /** Most TRX (in sun) a withdrawal's transaction may burn for energy; default 30 TRX. */
    fee_limit_sun: z.number().int().min(1).max(1_000_000_000).optional(),
    ...common,
  })
  .strict()
  .refine(creditBeforeFinal, 'credit_after ≤ confirmations');

/** Bitcoin read through Bitcoin Core's JSON-RPC. */
export const BitcoinNetworkSchema = z
  .object({
    kind: z.literal('bitcoin'),
    chain: z
      .string()
      .regex(/^[a-z0-9_-]{1,20}$/)
      .default('bitcoin'),
    /** `http://user:password@host:8332`: the credentials become basic auth. */
    rpc_url: z.string().url(),
    asset: z.string().min(1).default('BTC'),
    /** The node's wallet that pays BTC withdrawals (it holds the key); without one, operators send them. */
    wallet: z
      .string()
      .regex(/^[A-Za-z0-9_.-]{1,64}$/)
      .optional(),
    ...common,
  })
  .strict()
  .refine(creditBeforeFinal, 'credit_after ≤ confirmations');

export type TronNetworkConfig = z.output<typeof TronNetworkSchema> & {
  /** TronGrid's key (TRON_API_KEY_<CHAIN>; TRON_API_KEY for `tron`), sent as `TRON-PRO-API-KEY`. */
  readonly apiKey: string | undefined;
  /** The hot wallet paying its withdrawals (HOT_WALLET_KEY_<CHAIN>), 0x and 64 hex digits. */
  readonly hotWalletKey: `0x${string}` | undefined;
};
export type BitcoinNetworkConfig = z.output<typeof BitcoinNetworkSchema>;

/** The Tron and Bitcoin networks of a CHAIN_NETWORKS list; the other entries are the EVM ones. */
export function otherNetworks(
  listed: readonly unknown[],
  env: Readonly<Record<string, string | undefined>>,
): { evm: unknown[]; tron: TronNetworkConfig[]; bitcoin: BitcoinNetworkConfig[] } {
  const out = {
    evm: [] as unknown[],
    tron: [] as TronNetworkConfig[],
    bitcoin: [] as BitcoinNetworkConfig[],
  };
  for (const [i, entry] of listed.entries()) {
    const kind = typeof entry === 'object' && entry !== null ? (entry as { kind?: unknown }).kind : undefined;
    if (kind === 'tron') {
      const n = TronNetworkSchema.safeParse(entry);
      if (!n.success) throw new Error(`CHAIN_NETWORKS[${i}] (tron): ${n.error.message}`);
      const apiKey =
        env[`TRON_API_KEY_${n.data.chain.toUpperCase().replace(/-/g, '_')}`] ??
        (n.data.chain === 'tron' ? env.TRON_API_KEY : undefined);
      const key = env[`HOT_WALLET_KEY_${n.data.chain.toUpperCase().replace(/-/g, '_')}`];
      if (key !== undefined && !/^0x[0-9a-fA-F]{64}$/.test(key))
        throw new Error(`hot wallet key of ${n.data.chain}: 0x and 64 hex digits`);
      out.tron.push({
        ...n.data,
        apiKey: apiKey || undefined,
        hotWalletKey: key as `0x${string}` | undefined,
      });
    } else if (kind === 'bitcoin') {
      const n = BitcoinNetworkSchema.safeParse(entry);
      if (!n.success) throw new Error(`CHAIN_NETWORKS[${i}] (bitcoin): ${n.error.message}`);
      out.bitcoin.push(n.data);
    } else {
      out.evm.push(entry);
    }
  }
  return out;
}
