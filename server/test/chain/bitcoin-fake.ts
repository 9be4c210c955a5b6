import { createHash, randomBytes } from 'node:crypto';
import { segwitV0Address } from '../../src/modules/wallet/chain/addresses';
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
  /** The hot wallet's name (its RPC path is `/wallet/<name>`). */
  readonly walletName: string;
  /** Mines a block paying the wallet `btc` on an address of its own (a confirmed coin). */
  fundWallet(btc: string): void;
  /** Whether new blocks include the transactions broadcast to the node (true); false holds them back. */
  including: boolean;
  /** Ids of the transactions broadcast and waiting to be mined. */
  pool(): string[];
  /** A wallet gone wrong: it funds payments with change to an address not its own. */
  rogue: boolean;
  /** Every payment out of the wallet mined, in order: its id, the recipient and the satoshis. */
  readonly paid: { txid: string; address: string; sats: bigint }[];
  close(): Promise<void>;
}

const hex64 = () => randomBytes(32).toString('hex');
/** The wallet's calls, answered only at `/wallet/<name>`. */
const WALLET_METHODS = {
  getbalances: 1,
  getaddressinfo: 1,
  createrawtransaction: 1,
  fundrawtransaction: 1,
  signrawtransactionwithwallet: 1,
  gettransaction: 1,
  psbtbumpfee: 1,
  walletprocesspsbt: 1,
};
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

/** A transaction as the fake's wallet builds it; its hex is this, encoded (the client never reads it itself). */
interface Draft {
  vin: { txid: string; vout: number }[];
  vout: { address: string; sats: string }[];
  signed: boolean;
}

interface Coin {
  txid: string;
  vout: number;
  sats: bigint;
  locked: boolean;
}

const encode = (d: Draft) => Buffer.from(JSON.stringify(d)).toString('hex');
const decode = (hex: unknown): Draft | null => {
  if (typeof hex !== 'string' || !/^[0-9a-f]+$/.test(hex)) return null;
  try {
    return JSON.parse(Buffer.from(hex, 'hex').toString('utf8')) as Draft;
  } catch {
    return null;
  }
};
const txidOf = (hex: string) => createHash('sha256').update(hex).digest('hex');
const toBtc = (sats: bigint) => Number(sats) / 1e8;
const toSats = (btc: string) => BigInt(Math.round(Number(btc) * 1e8));
/** The size the fake prices a payment at, in virtual bytes. */
const VSIZE = 141n;

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
  // The hot wallet: its addresses, its coins, the payments broadcast and not yet mined.
  const walletName = 'hot';
  const mine = new Set<string>();
  const coins: Coin[] = [];
  const waiting = new Map<string, { hex: string; draft: Draft; fee: bigint }>();
  const paid: BitcoinFake['paid'] = [];
  const state = { including: true, rogue: false };
  const newAddress = () => {
    const a = segwitV0Address('bc', randomBytes(20));
    mine.add(a);
    return a;
  };
  const inChain = (txid: string) => blocks.find((b) => b.txs.some((t) => t.txid === txid));
  /** The mined transaction that spent a coin, if any. */
  const spender = (c: { txid: string; vout: number }) =>
    blocks.flatMap((b) => b.txs).find((t) => t.vin.some((i) => i.txid === c.txid && i.vout === c.vout));
  const asFakeTx = (txid: string, d: Draft): FakeTx => ({
    ...tx(d.vout.map((o) => ({ address: o.address, btc: toBtc(BigInt(o.sats)).toFixed(8) }))),
    txid,
    hash: txid,
    vin: d.vin.map((i) => ({ txid: i.txid, vout: i.vout, sequence: 4294967293 })),
  });
  const mineOne = (txs: FakeTx[] = []) => {
    const included: FakeTx[] = [];
    if (state.including) {
      for (const [txid, w] of waiting) {
        included.push(asFakeTx(txid, w.draft));
        w.draft.vout.forEach((o, n) => {
          if (mine.has(o.address)) coins.push({ txid, vout: n, sats: BigInt(o.sats), locked: false });
          else paid.push({ txid, address: o.address, sats: BigInt(o.sats) });
        });
      }
      waiting.clear();
    }
    const b = {
      hash: hex64(),
      height: top().height + 1,
      prev: top().hash,
      txs: [tx([{ address: OTHER, btc: '3.125' }], true), ...txs, ...included],
    };
    blocks.push(b);
    return b;
  };
  /** Coins mined, not spent by a mined transaction nor by one waiting. */
  const unspent = () =>
    coins.filter(
      (c) =>
        inChain(c.txid) &&
        !spender(c) &&
        ![...waiting.values()].some((w) => w.draft.vin.some((i) => i.txid === c.txid && i.vout === c.vout)),
    );
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

  type Answer = { status: number; body: unknown };
  /** What a transaction of the wallet shows: mined (its height), waiting (0), or conflicted (negative). */
  const walletTx = (txid: string, ok: (r: unknown) => Answer, fail: (c: number, m: string) => Answer) => {
    const at = inChain(txid);
    if (at)
      return ok({
        txid,
        confirmations: top().height - at.height + 1,
        blockheight: at.height,
        blockhash: at.hash,
      });
    const known = signedHexes.get(txid);
    if (!known) return fail(-5, 'Invalid or non-wallet transaction id');
    if (waiting.has(txid)) return ok({ txid, confirmations: 0, walletconflicts: [] });
    const d = decode(known) as Draft;
    const by = d.vin.map((i) => spender(i)).find((t) => t !== undefined);
    const h = by ? inChain(by.txid) : undefined;
    return ok({
      txid,
      confirmations: h ? -(top().height - h.height + 1) : 0,
      walletconflicts: by ? [by.txid] : [],
    });
  };
  /** Every transaction the wallet signed, by id. */
  const signedHexes = new Map<string, string>();

  const walletCall = (
    path: string,
    method: string,
    params: unknown[],
    ok: (r: unknown) => Answer,
    fail: (c: number, m: string) => Answer,
  ): Answer => {
    const atWallet = path === `/wallet/${walletName}`;
    const walletOnly = (): Answer =>
      fail(-19, 'Wallet file not specified (must request wallet RPC through /wallet/<filename> uri-path).');
    switch (method) {
      case 'validateaddress':
        return ok({
          isvalid: typeof params[0] === 'string' && /^bc1[02-9ac-hj-np-z]{8,87}$/.test(params[0]),
        });
      case 'estimatesmartfee':
        return ok({ feerate: 0.00012, blocks: params[0] });
      case 'decoderawtransaction': {
        const d = decode(params[0]);
        if (!d) return fail(-22, 'TX decode failed');
        return ok({ ...asFakeTx(txidOf(String(params[0])), d), hex: undefined });
      }
      case 'sendrawtransaction': {
        const hex = String(params[0]);
        const d = decode(hex);
        if (!d?.signed) return fail(-26, 'mandatory-script-verify-flag-failed');
        const txid = txidOf(hex);
        if (inChain(txid)) return fail(-27, 'Transaction outputs already in utxo set');
        if (waiting.has(txid)) return ok(txid);
        const ins = d.vin.map((i) => coins.find((c) => c.txid === i.txid && c.vout === i.vout));
        if (ins.some((c) => !c || spender(c))) return fail(-25, 'bad-txns-inputs-missingorspent');
        const fee =
          ins.reduce((a, c) => a + (c?.sats ?? 0n), 0n) - d.vout.reduce((a, o) => a + BigInt(o.sats), 0n);
        for (const [other, w] of waiting) {
          if (!w.draft.vin.some((i) => d.vin.some((j) => j.txid === i.txid && j.vout === i.vout))) continue;
          // A replacement must pay more than what it replaces.
          if (fee <= w.fee) return fail(-26, 'insufficient fee');
          waiting.delete(other);
        }
        waiting.set(txid, { hex, draft: d, fee });
        return ok(txid);
      }
    }
    if (!atWallet) return method in WALLET_METHODS ? walletOnly() : fail(-32601, 'Method not found');
    switch (method) {
      case 'getbalances':
        return ok({
          mine: {
            trusted: toBtc(unspent().reduce((a, c) => a + c.sats, 0n)),
            untrusted_pending: 0,
            immature: 0,
          },
        });
      case 'getaddressinfo':
        return ok({ address: params[0], ismine: mine.has(String(params[0])) });
      case 'createrawtransaction': {
        const outs = (params[1] as Record<string, string>[]).flatMap((o) => Object.entries(o));
        return ok(
          encode({
            vin: [],
            vout: outs.map(([address, btc]) => ({ address, sats: toSats(btc).toString() })),
            signed: false,
          }),
        );
      }
      case 'fundrawtransaction': {
        const d = decode(params[0]);
        const rate = (params[1] as { fee_rate?: number }).fee_rate ?? 1;
        if (!d) return fail(-22, 'TX decode failed');
        const fee = BigInt(Math.ceil(rate * Number(VSIZE)));
        const need = d.vout.reduce((a, o) => a + BigInt(o.sats), 0n) + fee;
        const picked: Coin[] = [];
        for (const c of unspent().filter((x) => !x.locked)) {
          if (picked.reduce((a, x) => a + x.sats, 0n) >= need) break;
          picked.push(c);
        }
        const have = picked.reduce((a, x) => a + x.sats, 0n);
        if (have < need) return fail(-4, 'Insufficient funds');
        if ((params[1] as { lockUnspents?: boolean }).lockUnspents) for (const c of picked) c.locked = true;
        const vout = [
          ...d.vout,
          ...(have > need
            ? [{ address: state.rogue ? OTHER : newAddress(), sats: (have - need).toString() }]
            : []),
        ];
        return ok({
          hex: encode({ vin: picked.map((c) => ({ txid: c.txid, vout: c.vout })), vout, signed: false }),
          fee: toBtc(fee),
          changepos: d.vout.length,
        });
      }
      case 'signrawtransactionwithwallet': {
        const d = decode(params[0]);
        if (!d) return fail(-22, 'TX decode failed');
        const hex = encode({ ...d, signed: true });
        signedHexes.set(txidOf(hex), hex);
        return ok({ hex, complete: true });
      }
      case 'gettransaction':
        return walletTx(String(params[0]), ok, fail);
      case 'psbtbumpfee': {
        const w = waiting.get(String(params[0]));
        if (!w) return fail(-4, 'Transaction has been mined, or is conflicted with a mined transaction');
        const rate = (params[1] as { fee_rate?: number }).fee_rate ?? 1;
        const fee = BigInt(Math.ceil(rate * Number(VSIZE)));
        if (fee <= w.fee) return fail(-8, 'Insufficient total fee');
        const change = w.draft.vout.findIndex((o) => mine.has(o.address));
        if (change < 0) return fail(-4, 'Transaction does not have a change output');
        const vout = w.draft.vout.map((o, i) =>
          i === change ? { ...o, sats: (BigInt(o.sats) - (fee - w.fee)).toString() } : o,
        );
        return ok({
          psbt: Buffer.from(encode({ ...w.draft, vout, signed: false })).toString('base64'),
          origfee: toBtc(w.fee),
          fee: toBtc(fee),
          errors: [],
        });
      }
      case 'walletprocesspsbt': {
        const d = decode(Buffer.from(String(params[0]), 'base64').toString('utf8'));
        if (!d) return fail(-22, 'TX decode failed');
        const hex = encode({ ...d, signed: true });
        signedHexes.set(txidOf(hex), hex);
        return ok({ psbt: String(params[0]), complete: true, hex });
      }
      default:
        return fail(-32601, 'Method not found');
    }
  };

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
          return walletCall(_path, String(call?.method), params, ok, fail);
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
    walletName,
    fundWallet: (amount) => {
      const t = tx([{ address: newAddress(), btc: amount }]);
      coins.push({ txid: t.txid, vout: 0, sats: toSats(amount), locked: false });
      known.push(mineOne([t]));
    },
    get including() {
      return state.including;
    },
    set including(v: boolean) {
      state.including = v;
    },
    pool: () => [...waiting.keys()],
    get rogue() {
      return state.rogue;
    },
    set rogue(v: boolean) {
      state.rogue = v;
    },
    paid,
    close: () => http.close(),
  };
}
