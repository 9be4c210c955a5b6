import { randomBytes } from 'node:crypto';
import { type FakeHttp, type FakeMode, startFakeHttp } from './fake-http';

interface Out {
  value: number;
  n: number;
  scriptPubKey: { asm: string; hex: string; address?: string; type: string };
}

interface FakeTx {
  txid: string;
  hash: string;
  version: number;
  size: number;
  vsize: number;
  weight: number;
  locktime: number;
  vin: Record<string, unknown>[];
  vout: Out[];
  hex: string;
}

interface FakeBlock {
  hash: string;
  height: number;
  prev: string | undefined;
  txs: FakeTx[];
}

export interface BitcoinFake {
  /** The RPC URL with its credentials, as operators configure it. */
  readonly url: string;
  readonly http: FakeHttp;
  mode: FakeMode;
  /** What getblockchaininfo says the network is (`main`). */
  network: string;
  head(): number;
  /** Mines `n` blocks holding only their coinbase. */
  mine(n?: number): void;
  /**
   * Mines a block with a transaction whose first output pays an unrelated address and whose second pays
   * `to` `btc` (a decimal text with up to 8 decimals); returns its txid.
   */
  pay(to: string, btc: string): string;
  /** A transaction in the mempool, mined by no block. */
  payUnmined(to: string, btc: string): string;
  /** Replaces the newest `n` blocks with `n + 1` others; `keep`: their transactions are mined again. */
  reorg(n: number, keep?: boolean): void;
  close(): Promise<void>;
}

const hex64 = () => randomBytes(32).toString('hex');
const OTHER = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

function tx(outputs: { address: string; btc: string }[], coinbase = false): FakeTx {
  const txid = hex64();
  return {
    txid,
    hash: txid,
    version: 2,
    size: 222,
    vsize: 141,
    weight: 561,
    locktime: 0,
    vin: coinbase
      ? [{ coinbase: '03a0860100', sequence: 4294967295 }]
      : [{ txid: hex64(), vout: 0, scriptSig: { asm: '', hex: '' }, txinwitness: [], sequence: 4294967293 }],
    vout: outputs.map((o, n) => ({
      value: Number(o.btc),
      n,
      scriptPubKey: {
        asm: '0 …',
        hex: `0014${randomBytes(20).toString('hex')}`,
        address: o.address,
        type: 'witness_v0_keyhash',
      },
    })),
    hex: randomBytes(100).toString('hex'),
  };
}

/**
 * A fake Bitcoin Core speaking its JSON-RPC (version 1.0 envelopes, basic auth, errors as HTTP 500 with
 * `{result: null, error: {code, message}}`): getblockchaininfo, getblockcount, getblockhash, getblockheader,
 * getblock (verbosity 2), getrawtransaction (verbose).
 */
export async function startBitcoinFake(): Promise<BitcoinFake> {
  const user = 'nexa';
  const password = randomBytes(8).toString('hex');
  const blocks: FakeBlock[] = [
    { hash: hex64(), height: 0, prev: undefined, txs: [tx([{ address: OTHER, btc: '50' }], true)] },
  ];
  const mempool: FakeTx[] = [];
  const top = () => blocks[blocks.length - 1] as FakeBlock;
  const mineOne = (txs: FakeTx[] = []) => {
    const b = {
      hash: hex64(),
      height: top().height + 1,
      prev: top().hash,
      txs: [tx([{ address: OTHER, btc: '3.125' }], true), ...txs],
    };
    blocks.push(b);
    return b;
  };
  const fake = { network: 'main' };
  const header = (b: FakeBlock) => ({
    hash: b.hash,
    confirmations: blocks.includes(b) ? top().height - b.height + 1 : -1,
    height: b.height,
    version: 536870912,
    merkleroot: hex64(),
    time: 1_700_000_000 + b.height * 600,
    nTx: b.txs.length,
    ...(b.prev ? { previousblockhash: b.prev } : {}),
  });
  /** Every block ever mined, those reorganised away too (the node still knows them). */
  const known: FakeBlock[] = [...blocks];

  const expected = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  const http = await startFakeHttp(
    (_path, body, headers) => {
      if (headers.authorization !== expected) return { status: 401, body: undefined };
      const call = body as { id?: unknown; method?: unknown; params?: unknown[] } | null;
      const id = call?.id ?? null;
      const params = Array.isArray(call?.params) ? call.params : [];
      const ok = (result: unknown) => ({ status: 200, body: { result, error: null, id } });
      const fail = (code: number, message: string) => ({
        status: 500,
        body: { result: null, error: { code, message }, id },
      });
      const byHash = (h: unknown) => known.find((b) => b.hash === h);
      switch (call?.method) {
        case 'getblockchaininfo':
          return ok({
            chain: fake.network,
            blocks: top().height,
            headers: top().height,
            bestblockhash: top().hash,
          });
        case 'getblockcount':
          return ok(top().height);
        case 'getblockhash': {
          const b = blocks.find((x) => x.height === params[0]);
          return b ? ok(b.hash) : fail(-8, 'Block height out of range');
        }
        case 'getblockheader': {
          const b = byHash(params[0]);
          return b ? ok(header(b)) : fail(-5, 'Block not found');
        }
        case 'getblock': {
          const b = byHash(params[0]);
          if (!b) return fail(-5, 'Block not found');
          return ok({ ...header(b), size: 1000, weight: 4000, tx: b.txs });
        }
        case 'getrawtransaction': {
          const inBlock = blocks.find((b) => b.txs.some((t) => t.txid === params[0]));
          const t =
            inBlock?.txs.find((x) => x.txid === params[0]) ?? mempool.find((x) => x.txid === params[0]);
          if (!t)
            return fail(
              -5,
              'No such mempool or blockchain transaction. Use gettransaction for wallet transactions.',
            );
          return ok(
            inBlock ? { ...t, blockhash: inBlock.hash, confirmations: top().height - inBlock.height + 1 } : t,
          );
        }
        default:
          return fail(-32601, 'Method not found');
      }
    },
    (_path, body) => String((body as { method?: unknown } | null)?.method),
  );
  const url = new URL(http.url);
  url.username = user;
  url.password = password;

  return {
    url: url.toString(),
    http,
    get mode() {
      return http.mode;
    },
    set mode(m: FakeMode) {
      http.mode = m;
    },
    get network() {
      return fake.network;
    },
    set network(n: string) {
      fake.network = n;
    },
    head: () => top().height,
    mine: (n = 1) => {
      for (let i = 0; i < n; i++) known.push(mineOne());
    },
    pay: (to, btc) => {
      const t = tx([
        { address: OTHER, btc: '0.1' },
        { address: to, btc },
      ]);
      known.push(mineOne([t]));
      return t.txid;
    },
    payUnmined: (to, btc) => {
      const t = tx([{ address: to, btc }]);
      mempool.push(t);
      return t.txid;
    },
    reorg: (n, keep = false) => {
      const dropped = blocks.splice(blocks.length - n, n);
      known.push(mineOne(keep ? dropped.flatMap((b) => b.txs.slice(1)) : []));
      for (let i = 0; i < n; i++) known.push(mineOne());
    },
    close: () => http.close(),
  };
}
