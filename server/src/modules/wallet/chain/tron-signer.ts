/**
 * Who holds the Tron hot wallet's key: a local key from the environment (HOT_WALLET_KEY_TRON, the demo and
 * the tests) or the operator's HTTP signer of `signer.ts`, asked with `family: "tron"`:
 * - `POST <url>/v1/address` `{ chain, family: "tron" }` → `{ address }`: the hot wallet, `T…`;
 * - `POST <url>/v1/sign` `{ chain, family: "tron", from, tx: { type: "tron", raw_data_hex, txid } }` →
 *   `{ signature }`: 65 bytes in hex (r, s, then 27 + the recovery bit) over the transaction's id.
 * Whatever signs, the signature is checked before anything is stored: it must recover to the hot wallet
 * over the id of the bytes the platform built (`tron-pay.ts`).
 */
import { type Hex, recoverAddress, serializeSignature } from 'viem';
import { privateKeyToAccount, sign } from 'viem/accounts';
import { tronBase58, tronHex } from './addresses';
import { type HttpSignerOptions, signerPost } from './signer';
import { tronTxId } from './tron-tx';

export interface TronSigner {
  readonly kind: 'local' | 'http';
  /** The hot wallet's `T…` address on a network. */
  address(chain: string): Promise<string>;
  /** The signature (130 hex digits) of a transaction's raw bytes. */
  sign(chain: string, from: string, raw: Uint8Array): Promise<string>;
}

/** A key held in this process: refused in production unless explicitly allowed (config.ts). */
export function localTronSigner(key: Hex): TronSigner {
  const account = privateKeyToAccount(key);
  const address = tronBase58(account.address.slice(2).toLowerCase());
  return {
    kind: 'local',
    address: async () => address,
    async sign(_chain, _from, raw) {
      const sig = await sign({ hash: `0x${tronTxId(raw)}`, privateKey: key });
      return serializeSignature(sig).slice(2);
    },
  };
}

const T_ADDRESS = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;
const SIGNATURE = /^(0x)?[0-9a-fA-F]{130}$/;

export function httpTronSigner(opts: HttpSignerOptions): TronSigner {
  const post = signerPost(opts);
  const addresses = new Map<string, Promise<string>>();
  return {
    kind: 'http',
    address(chain) {
      let known = addresses.get(chain);
      if (!known) {
        known = post('/v1/address', { chain, family: 'tron' }).then((r) => {
          if (typeof r.address !== 'string' || !T_ADDRESS.test(r.address) || !tronHex(r.address)) {
            throw new Error('signer answered no Tron address');
          }
          return r.address;
        });
        known.catch(() => addresses.delete(chain));
        addresses.set(chain, known);
      }
      return known;
    },
    async sign(chain, from, raw) {
      const r = await post('/v1/sign', {
        chain,
        family: 'tron',
        from,
        tx: { type: 'tron', raw_data_hex: Buffer.from(raw).toString('hex'), txid: tronTxId(raw) },
      });
      if (typeof r.signature !== 'string' || !SIGNATURE.test(r.signature)) {
        throw new Error('signer answered no signature');
      }
      return r.signature.replace(/^0x/, '').toLowerCase();
    },
  };
}

/** Whether a signature over the raw bytes is the hot wallet's (`owner`: its 20 bytes in hex). */
export async function signedBy(raw: Uint8Array, signature: string, owner: string): Promise<boolean> {
  try {
    const by = await recoverAddress({ hash: `0x${tronTxId(raw)}`, signature: `0x${signature}` });
    return by.slice(2).toLowerCase() === owner.toLowerCase();
  } catch {
    return false;
  }
}
