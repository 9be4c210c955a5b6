/**
 * A Tron token payment as bytes: the hot wallet builds its transactions itself (never signing what a node
 * built), in Tron's protobuf (`Transaction.raw` with one `TriggerSmartContract`), and reads them back to
 * follow and renew them. The transaction's id is the SHA-256 of its raw bytes; the signature is 65 bytes of
 * secp256k1 (r, s, then 27 + the recovery bit) over that id, by the key whose address owns the call.
 *
 * Field numbers as Tron's protocol defines them: `Transaction { raw raw_data = 1; repeated bytes signature =
 * 2 }`, `raw { bytes ref_block_bytes = 1; bytes ref_block_hash = 4; int64 expiration = 8; repeated Contract
 * contract = 11; int64 timestamp = 14; int64 fee_limit = 18 }`, `Contract { ContractType type = 1; Any
 * parameter = 2 }` (TriggerSmartContract = 31), `Any { string type_url = 1; bytes value = 2 }`,
 * `TriggerSmartContract { bytes owner_address = 1; bytes contract_address = 2; bytes data = 4 }`.
 */

import { createHash } from 'node:crypto';
import { BinaryReader, BinaryWriter, WireType } from '@bufbuild/protobuf/wire';

const TRIGGER_SMART_CONTRACT = 31;
const TRIGGER_TYPE_URL = 'type.googleapis.com/protocol.TriggerSmartContract';

/** A contract call as it is paid: 21-byte addresses (0x41 then 20 bytes) and the call's data, in hex. */
export interface TronCall {
  /** The caller (the hot wallet), `41…` hex. */
  readonly owner: string;
  /** The token contract, `41…` hex. */
  readonly contract: string;
  /** ABI-encoded call data, hex without 0x. */
  readonly data: string;
}

/** Where a transaction is anchored and until when it may be included (Tron's "TaPoS" and expiry). */
export interface TronWindow {
  /** The reference block's id (64 hex digits; its first 8 bytes are its height). */
  readonly refBlockId: string;
  /** Milliseconds since the epoch, as block timestamps count. */
  readonly expiration: number;
  readonly timestamp: number;
  /** Most TRX (in sun) the call may burn for energy and bandwidth. */
  readonly feeLimit: bigint;
}

export interface TronTx extends TronCall, Omit<TronWindow, 'refBlockId'> {
  /** The reference block's height, low two bytes (hex), and bytes 8–16 of its id (hex). */
  readonly refBytes: string;
  readonly refHash: string;
  /** The raw bytes the id hashes. */
  readonly raw: Uint8Array;
  /** The signature (65 bytes), absent when unsigned. */
  readonly signature: Uint8Array | null;
}

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const bytes = (h: string) => new Uint8Array(Buffer.from(h.replace(/^0x/, ''), 'hex'));

/** The raw bytes of a call in a window. */
export function encodeRaw(call: TronCall, w: TronWindow): Uint8Array {
  const LD = WireType.LengthDelimited;
  const param = new BinaryWriter()
    .tag(1, LD)
    .bytes(bytes(call.owner))
    .tag(2, LD)
    .bytes(bytes(call.contract))
    .tag(4, LD)
    .bytes(bytes(call.data))
    .finish();
  const any = new BinaryWriter().tag(1, LD).string(TRIGGER_TYPE_URL).tag(2, LD).bytes(param).finish();
  const contract = new BinaryWriter()
    .tag(1, WireType.Varint)
    .int32(TRIGGER_SMART_CONTRACT)
    .tag(2, LD)
    .bytes(any)
    .finish();
  const ref = bytes(w.refBlockId);
  return new BinaryWriter()
    .tag(1, LD)
    .bytes(ref.subarray(6, 8))
    .tag(4, LD)
    .bytes(ref.subarray(8, 16))
    .tag(8, WireType.Varint)
    .int64(w.expiration)
    .tag(11, LD)
    .bytes(contract)
    .tag(14, WireType.Varint)
    .int64(w.timestamp)
    .tag(18, WireType.Varint)
    .int64(w.feeLimit)
    .finish();
}

/** The transaction's id: SHA-256 of its raw bytes, 64 hex digits. */
export function tronTxId(raw: Uint8Array): string {
  return createHash('sha256').update(raw).digest('hex');
}

/** The signed transaction as the node takes it (`/wallet/broadcasthex`), hex. */
export function encodeSigned(raw: Uint8Array, signature: Uint8Array): string {
  const LD = WireType.LengthDelimited;
  return hex(new BinaryWriter().tag(1, LD).bytes(raw).tag(2, LD).bytes(signature).finish());
}

/**
 * Reads a message's fields, handing each to `on`. Strict: the transactions read back are the platform's own, so
 * a field it never writes means bytes that are not its payment, and they are refused.
 */
function fields(buf: Uint8Array, on: (no: number, r: BinaryReader) => boolean): void {
  const r = new BinaryReader(buf);
  while (r.pos < r.len) {
    const [no] = r.tag();
    if (!on(no, r)) throw new Error(`not a payment of the platform's: field ${no}`);
  }
}

/** A transaction read back from its raw bytes (and signature); throws on anything but one contract call. */
export function decodeRaw(raw: Uint8Array, signature: Uint8Array | null = null): TronTx {
  let refBytes = '';
  let refHash = '';
  let expiration = 0;
  let timestamp = 0;
  let feeLimit = 0n;
  let contract: Uint8Array | null = null;
  fields(raw, (no, r) => {
    if (no === 1) refBytes = hex(r.bytes());
    else if (no === 4) refHash = hex(r.bytes());
    else if (no === 8) expiration = Number(r.int64());
    else if (no === 11) {
      if (contract) throw new Error('a Tron payment holds one contract');
      contract = r.bytes();
    } else if (no === 14) timestamp = Number(r.int64());
    else if (no === 18) feeLimit = BigInt(r.int64());
    else return false;
    return true;
  });
  let type = -1;
  let typeUrl = '';
  let param: Uint8Array = new Uint8Array();
  if (contract)
    fields(contract, (no, r) => {
      if (no === 1) type = r.int32();
      else if (no === 2)
        fields(r.bytes(), (n, a) => {
          if (n === 1) typeUrl = a.string();
          else if (n === 2) param = a.bytes();
          else return false;
          return true;
        });
      else return false;
      return true;
    });
  if (type !== TRIGGER_SMART_CONTRACT || typeUrl !== TRIGGER_TYPE_URL) throw new Error('not a token payment');
  const call = { owner: '', contract: '', data: '' };
  fields(param, (no, r) => {
    if (no === 1) call.owner = hex(r.bytes());
    else if (no === 2) call.contract = hex(r.bytes());
    else if (no === 4) call.data = hex(r.bytes());
    else return false;
    return true;
  });
  return {
    ...call,
    refBytes,
    refHash,
    expiration,
    timestamp,
    feeLimit,
    raw,
    signature,
  };
}

/** A signed transaction (hex, as broadcast) read back. */
export function decodeSigned(signedHex: string): TronTx {
  let raw: Uint8Array | null = null;
  let signature: Uint8Array | null = null;
  fields(bytes(signedHex), (no, r) => {
    if (no === 1) raw = r.bytes();
    else if (no === 2) signature = r.bytes();
    else return false;
    return true;
  });
  if (!raw) throw new Error('not a Tron transaction');
  return decodeRaw(raw, signature);
}
