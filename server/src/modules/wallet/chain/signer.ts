/**
 * Who holds a hot wallet's key. The API server signs nothing itself in production: an HTTP signer (a small
 * service of the operator's, next to a KMS or an HSM) answers two calls; outside production (the demo, the
 * tests) a local key from the environment signs in process. Whatever signs, the transaction it returns is
 * checked against what was asked (`evm-pay.ts`) before it is stored or broadcast.
 *
 * The HTTP signer's protocol (JSON over HTTPS, `Authorization: Bearer <WITHDRAW_SIGNER_TOKEN>`):
 * - `POST <url>/v1/address` `{ chain, chain_id }` → `{ address }`: the hot wallet of that network.
 * - `POST <url>/v1/sign` `{ chain, chain_id, from, tx: { type: "eip1559", to, data, value, nonce, gas,
 *   max_fee_per_gas, max_priority_fee_per_gas } }` (integers as decimal text) → `{ raw }`: the signed
 *   transaction, 0x hex. Any other status than 200 is a refusal (`{ error }` says why).
 * Tron's hot wallet (`tron-signer.ts`) asks the same two paths with `family: "tron"`.
 */
import type { Address, Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/** An EIP-1559 transaction as it is handed to the signer. */
export interface UnsignedEvmTx {
  readonly chainId: number;
  readonly to: Address;
  readonly data: Hex;
  readonly value: bigint;
  readonly nonce: number;
  readonly gas: bigint;
  readonly maxFeePerGas: bigint;
  readonly maxPriorityFeePerGas: bigint;
}

export interface EvmSigner {
  /** `local`: a key in this process (demo, tests); `http`: an external signer. */
  readonly kind: 'local' | 'http';
  /** The address it signs for on a network. */
  address(chain: string, chainId: number): Promise<Address>;
  /** The transaction signed (serialized, 0x hex). */
  sign(chain: string, from: Address, tx: UnsignedEvmTx): Promise<Hex>;
}

/** A key held in this process (HOT_WALLET_KEY_<CHAIN>): refused in production unless explicitly allowed. */
export function localSigner(key: Hex): EvmSigner {
  const account = privateKeyToAccount(key);
  return {
    kind: 'local',
    address: async () => account.address,
    sign: (_chain, _from, tx) => account.signTransaction({ type: 'eip1559', ...tx }),
  };
}

export interface HttpSignerOptions {
  readonly url: string;
  /** Bearer token the signer expects; never logged. */
  readonly token?: string | undefined;
  readonly timeout_ms?: number | undefined;
}

const HEX = /^0x[0-9a-fA-F]*$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** One call to the HTTP signer: its JSON answer, or an Error saying why it refused (never the token). */
export function signerPost(opts: HttpSignerOptions) {
  const base = opts.url.replace(/\/+$/, '');
  return async (path: string, body: object): Promise<Record<string, unknown>> => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(opts.timeout_ms ?? 15_000),
    });
    const text = await res.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      // Answered below as a refusal.
    }
    const obj = typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : {};
    if (!res.ok) {
      const why = typeof obj.error === 'string' ? obj.error.slice(0, 200) : `status ${res.status}`;
      throw new Error(`signer refused ${path}: ${why}`);
    }
    return obj;
  };
}

/** The HTTP signer of the header's protocol. */
export function httpSigner(opts: HttpSignerOptions): EvmSigner {
  const post = signerPost(opts);
  const addresses = new Map<string, Promise<Address>>();
  return {
    kind: 'http',
    address(chain, chainId) {
      let known = addresses.get(chain);
      if (!known) {
        known = post('/v1/address', { chain, chain_id: chainId }).then((r) => {
          if (typeof r.address !== 'string' || !ADDRESS.test(r.address)) {
            throw new Error('signer answered no address');
          }
          return r.address as Address;
        });
        known.catch(() => addresses.delete(chain));
        addresses.set(chain, known);
      }
      return known;
    },
    async sign(chain, from, tx) {
      const r = await post('/v1/sign', {
        chain,
        chain_id: tx.chainId,
        from,
        tx: {
          type: 'eip1559',
          to: tx.to,
          data: tx.data,
          value: tx.value.toString(),
          nonce: tx.nonce,
          gas: tx.gas.toString(),
          max_fee_per_gas: tx.maxFeePerGas.toString(),
          max_priority_fee_per_gas: tx.maxPriorityFeePerGas.toString(),
        },
      });
      if (typeof r.raw !== 'string' || !HEX.test(r.raw)) throw new Error('signer answered no transaction');
      return r.raw as Hex;
    },
  };
}
