import { randomBytes } from 'node:crypto';
import { TRANSFER_TOPIC, tronHex } from '../../src/modules/wallet/chain/tron';
import { signedBy } from '../../src/modules/wallet/chain/tron-signer';
import { decodeSigned, type TronTx, tronTxId } from '../../src/modules/wallet/chain/tron-tx';
import { type FakeHttp, type FakeMode, startFakeHttp } from './fake-http';

/** The mainnet USDT TRC20 contract, as operators configure it. */
export const TRON_USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

interface TxInfo {
  id: string;
  fee: number;
  blockNumber: number;
  blockTimeStamp: number;
  contractResult: string[];
  contract_address: string;
  receipt: Record<string, unknown>;
  log?: { address: string; topics: string[]; data: string }[];
  result?: 'FAILED';
}

interface FakeBlock {
  number: number;
  id: string;
  parentHash: string;
  infos: TxInfo[];
}

export interface TronFake {
  readonly url: string;
  readonly http: FakeHttp;
  mode: FakeMode;
  /** The newest block's number. */
  head(): number;
  /** Mines `n` empty blocks. */
  mine(n?: number): void;
  /**
   * Mines a block holding a TRC20 transfer of `units` (the token's own units) to a `T…` address, and
   * returns its transaction id. `failed`: the transaction reverted (no log). `extraLogs`: transfers to
   * other addresses before it in the same transaction (its log index is their count).
   */
  transfer(to: string, units: bigint, opts?: { failed?: boolean; token?: string; before?: string[] }): string;
  /** Replaces the newest `n` blocks with `n + 1` others; `keep`: their transactions are mined again. */
  reorg(n: number, keep?: boolean): void;
  /** Gives an address (`T…`) tokens of the USDT contract (its own units) and TRX (sun). */
  fund(address: string, units: bigint, sun?: number): void;
  /** An address's balance of the USDT contract, in its own units. */
  tokenBalance(address: string): bigint;
  /** Whether new blocks include the transactions broadcast to the node (true); false holds them back. */
  including: boolean;
  /** Forgets the transactions waiting to be mined (as a node that restarted). */
  dropPool(): void;
  /** Ids of the transactions waiting to be mined. */
  pool(): string[];
  /** Every token payment mined from the hot wallets, in order: its id, recipient (`41…` hex) and units. */
  readonly paid: { id: string; to: string; units: bigint }[];
  close(): Promise<void>;
}

/** A block's time as the fake's chain counts it: 3 s a block. */
export const tronBlockTime = (number: number) => 1_700_000_000_000 + number * 3000;

const hex64 = () => randomBytes(32).toString('hex');
const pad = (hex20: string) => hex20.padStart(64, '0');

/** Tron's block id: the height in its first 8 bytes, then 24 bytes of the block's hash. */
function blockId(number: number): string {
  return number.toString(16).padStart(16, '0') + randomBytes(24).toString('hex');
}

/**
 * A fake Tron full node speaking the HTTP API the way TronGrid serves it: `/wallet/getnowblock`,
 * `/wallet/getblockbynum`, `/wallet/gettransactioninfobyblocknum`, `/wallet/gettransactioninfobyid`, with
 * protobuf's JSON habits (a zero is left out; an unknown block or transaction is `{}`).
 */
export async function startTronFake(): Promise<TronFake> {
  const blocks: FakeBlock[] = [{ number: 0, id: blockId(0), parentHash: hex64(), infos: [] }];
  const top = () => blocks[blocks.length - 1] as FakeBlock;
  const usdt = tronHex(TRON_USDT) ?? '';
  const tokens = new Map<string, bigint>();
  const trx = new Map<string, number>();
  let waiting: { id: string; tx: TronTx }[] = [];
  const paid: TronFake['paid'] = [];
  const state = { including: true };
  const tokenOf = (hex20: string) => tokens.get(hex20) ?? 0n;

  /** A payment executed as the token would: moved and logged when the payer holds enough, else reverted. */
  const execute = (id: string, tx: TronTx): TxInfo => {
    const from = tx.owner.slice(2);
    const to = tx.data.slice(8 + 24, 8 + 64);
    const units = BigInt(`0x${tx.data.slice(8 + 64, 8 + 128)}`);
    const ok = tx.data.startsWith('a9059cbb') && tx.contract === `41${usdt}` && tokenOf(from) >= units;
    if (ok) {
      tokens.set(from, tokenOf(from) - units);
      tokens.set(to, tokenOf(to) + units);
      paid.push({ id, to: `41${to}`, units });
    }
    return {
      id,
      fee: 13_844_850,
      blockNumber: 0,
      blockTimeStamp: 0,
      contractResult: [ok ? pad('1') : ''],
      contract_address: tx.contract,
      receipt: { energy_usage_total: 64_285, net_fee: 345_000, result: ok ? 'SUCCESS' : 'REVERT' },
      ...(ok
        ? {
            log: [
              { address: usdt, topics: [TRANSFER_TOPIC, pad(from), pad(to)], data: pad(units.toString(16)) },
            ],
          }
        : { result: 'FAILED' as const }),
    };
  };

  const mineOne = (infos: TxInfo[] = []) => {
    const number = top().number + 1;
    const all = [...infos];
    if (state.including) {
      // A transaction past its expiry can never be included.
      for (const w of waiting) if (w.tx.expiration >= tronBlockTime(number)) all.push(execute(w.id, w.tx));
      waiting = [];
    }
    const b = { number, id: blockId(number), parentHash: top().id, infos: all };
    for (const i of all) i.blockNumber = number;
    blocks.push(b);
    return b;
  };

  const known = (id: string) =>
    waiting.some((w) => w.id === id) || blocks.some((b) => b.infos.some((i) => i.id === id));

  /** `/wallet/broadcasthex` as a node checks a transaction: its form, signature, expiry and reference block. */
  const broadcast = async (hexTx: unknown) => {
    const refuse = (code: string) => ({ status: 200, body: { result: false, code, message: '' } });
    if (typeof hexTx !== 'string') return refuse('OTHER_ERROR');
    let tx: TronTx;
    try {
      tx = decodeSigned(hexTx);
    } catch {
      return refuse('OTHER_ERROR');
    }
    const id = tronTxId(tx.raw);
    const sig = tx.signature ? Buffer.from(tx.signature).toString('hex') : '';
    if (!(await signedBy(tx.raw, sig, tx.owner.slice(2)))) return refuse('SIGERROR');
    if (known(id)) return refuse('DUP_TRANSACTION_ERROR');
    const now = tronBlockTime(top().number);
    if (tx.expiration <= now || tx.expiration > now + 86_400_000)
      return refuse('TRANSACTION_EXPIRATION_ERROR');
    const ref = blocks.find((b) => b.id.slice(12, 16) === tx.refBytes && b.id.slice(16, 32) === tx.refHash);
    if (!ref) return refuse('TAPOS_ERROR');
    waiting.push({ id, tx });
    return { status: 200, body: { result: true, code: 'SUCCESS', txid: id, message: '' } };
  };

  /** `/wallet/triggerconstantcontract` for the USDT contract's balanceOf and transfer. */
  const constant = (body: Record<string, unknown>) => {
    const owner = String(body.owner_address ?? '').slice(-40);
    const param = String(body.parameter ?? '');
    if (String(body.contract_address ?? '').slice(-40) !== usdt) return { status: 200, body: { result: {} } };
    const ok = (word: string) => ({
      status: 200,
      body: { result: { result: true }, energy_used: 345, constant_result: [word] },
    });
    if (body.function_selector === 'balanceOf(address)')
      return ok(pad(tokenOf(param.slice(24, 64)).toString(16)));
    if (body.function_selector === 'transfer(address,uint256)') {
      const units = BigInt(`0x${param.slice(64, 128) || '0'}`);
      return ok(tokenOf(owner) >= units ? pad('1') : `08c379a0${pad('20')}`);
    }
    return { status: 200, body: { result: { code: 'CONTRACT_VALIDATE_ERROR', message: '' } } };
  };

  const blockJson = (b: FakeBlock) => ({
    blockID: b.id,
    block_header: {
      raw_data: {
        ...(b.number === 0 ? {} : { number: b.number }),
        txTrieRoot: hex64(),
        witness_address: `41${randomBytes(20).toString('hex')}`,
        parentHash: b.parentHash,
        version: 30,
        timestamp: tronBlockTime(b.number),
      },
      witness_signature: randomBytes(65).toString('hex'),
    },
    ...(b.infos.length
      ? { transactions: b.infos.map((i) => ({ txID: i.id, ret: [{ contractRet: 'SUCCESS' }] })) }
      : {}),
  });

  const http = await startFakeHttp(async (path, body) => {
    const num = (body as { num?: unknown } | null)?.num;
    const value = (body as { value?: unknown } | null)?.value;
    const at = typeof num === 'number' ? blocks.find((b) => b.number === num) : undefined;
    switch (path) {
      case '/wallet/getnowblock':
        return { status: 200, body: blockJson(top()) };
      case '/wallet/getblockbynum':
        return { status: 200, body: at ? blockJson(at) : {} };
      case '/wallet/gettransactioninfobyblocknum':
        if (typeof num !== 'number' || num <= 0) return { status: 200, body: {} };
        return { status: 200, body: at ? at.infos : [] };
      case '/wallet/gettransactioninfobyid': {
        const info = blocks.flatMap((b) => b.infos).find((i) => i.id === value);
        return { status: 200, body: info ?? {} };
      }
      case '/wallet/broadcasthex':
        return broadcast((body as { transaction?: unknown } | null)?.transaction);
      case '/wallet/triggerconstantcontract':
        return constant((body ?? {}) as Record<string, unknown>);
      case '/wallet/getaccount': {
        const hex = tronHex(String((body as { address?: unknown } | null)?.address ?? '')) ?? '';
        const sun = trx.get(hex);
        return { status: 200, body: sun === undefined ? {} : { address: `41${hex}`, balance: sun } };
      }
      default:
        return { status: 404, body: undefined };
    }
  });

  const transferLog = (token: string, to: string, units: bigint) => ({
    address: token,
    topics: [TRANSFER_TOPIC, pad(randomBytes(20).toString('hex')), pad(tronHex(to) ?? '')],
    data: units.toString(16).padStart(64, '0'),
  });

  return {
    url: http.url,
    http,
    get mode() {
      return http.mode;
    },
    set mode(m: FakeMode) {
      http.mode = m;
    },
    head: () => top().number,
    mine: (n = 1) => {
      for (let i = 0; i < n; i++) mineOne();
    },
    transfer: (to, units, opts = {}) => {
      const token = tronHex(opts.token ?? TRON_USDT) ?? '';
      const id = hex64();
      const info: TxInfo = {
        id,
        fee: 13_844_850,
        blockNumber: 0,
        blockTimeStamp: 0,
        contractResult: [opts.failed ? '' : pad('1')],
        contract_address: `41${token}`,
        receipt: opts.failed
          ? { energy_usage_total: 64_285, net_fee: 345_000, result: 'REVERT' }
          : { energy_usage_total: 64_285, net_fee: 345_000, result: 'SUCCESS' },
        ...(opts.failed
          ? { result: 'FAILED' as const }
          : {
              log: [
                ...(opts.before ?? []).map((a) => transferLog(token, a, 1n)),
                transferLog(token, to, units),
              ],
            }),
      };
      mineOne([info]);
      return id;
    },
    reorg: (n, keep = false) => {
      const dropped = blocks.splice(blocks.length - n, n);
      const infos = keep ? dropped.flatMap((b) => b.infos) : [];
      mineOne(infos);
      for (let i = 0; i < n; i++) mineOne();
    },
    fund: (address, units, sun = 100_000_000) => {
      const hex = tronHex(address) ?? '';
      tokens.set(hex, tokenOf(hex) + units);
      trx.set(hex, (trx.get(hex) ?? 0) + sun);
    },
    tokenBalance: (address) => tokenOf(tronHex(address) ?? ''),
    get including() {
      return state.including;
    },
    set including(v: boolean) {
      state.including = v;
    },
    dropPool: () => {
      waiting = [];
    },
    pool: () => waiting.map((w) => w.id),
    paid,
    close: () => http.close(),
  };
}
