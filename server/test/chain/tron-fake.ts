import { randomBytes } from 'node:crypto';
import { TRANSFER_TOPIC, tronHex } from '../../src/modules/wallet/chain/tron';
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
  close(): Promise<void>;
}

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
  const mineOne = (infos: TxInfo[] = []) => {
    const number = top().number + 1;
    const b = { number, id: blockId(number), parentHash: top().id, infos };
    for (const i of infos) i.blockNumber = number;
    blocks.push(b);
    return b;
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
        timestamp: 1_700_000_000_000 + b.number * 3000,
      },
      witness_signature: randomBytes(65).toString('hex'),
    },
    ...(b.infos.length
      ? { transactions: b.infos.map((i) => ({ txID: i.id, ret: [{ contractRet: 'SUCCESS' }] })) }
      : {}),
  });

  const http = await startFakeHttp((path, body) => {
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
    close: () => http.close(),
  };
}
