/**
 * A linked OKX account over OKX's signed REST v5: `OK-ACCESS-SIGN` is the base64 HMAC-SHA256, under the
 * account's secret, of timestamp + method + request path (with its query) + body. Only the calls copy trading
 * needs: the account configuration (who the key belongs to and what it may do), placing a market order with
 * our client order id, and reading an order back by that id (a retry after a timeout asks first, so an order
 * is never placed twice).
 */
import { createHmac } from 'node:crypto';

export interface OkxCredentials {
  readonly apiKey: string;
  readonly secret: string;
  readonly passphrase: string;
}

export class OkxError extends Error {
  constructor(
    /** `timeout` and `network` leave the outcome unknown; `refused` is OKX's answer. */
    readonly kind: 'timeout' | 'network' | 'refused' | 'auth',
    readonly okxCode: string | null,
    message: string,
  ) {
    super(message);
    this.name = 'OkxError';
  }
}

export function okxSign(
  secret: string,
  timestamp: string,
  method: string,
  path: string,
  body: string,
): string {
  return createHmac('sha256', secret).update(`${timestamp}${method}${path}${body}`).digest('base64');
}

/** OKX codes for a key it does not accept (wrong key, signature, passphrase, expired or IP-bound). */
const AUTH_CODES = new Set(['50100', '50101', '50102', '50103', '50104', '50105', '50111', '50113', '50114']);

export interface OkxClientOptions {
  readonly baseUrl: string;
  readonly timeoutMs?: number;
  readonly now?: () => Date;
}

export function createOkxClient(opts: OkxClientOptions) {
  const timeoutMs = opts.timeoutMs ?? 5000;
  const now = opts.now ?? (() => new Date());

  async function request<T>(
    creds: OkxCredentials,
    method: 'GET' | 'POST',
    path: string,
    body?: Record<string, unknown>,
  ): Promise<T[]> {
    const text = body === undefined ? '' : JSON.stringify(body);
    const timestamp = now().toISOString();
    let res: Response;
    try {
      res = await fetch(`${opts.baseUrl}${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          'OK-ACCESS-KEY': creds.apiKey,
          'OK-ACCESS-SIGN': okxSign(creds.secret, timestamp, method, path, text),
          'OK-ACCESS-TIMESTAMP': timestamp,
          'OK-ACCESS-PASSPHRASE': creds.passphrase,
        },
        ...(method === 'POST' ? { body: text } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      throw new OkxError(
        timedOut ? 'timeout' : 'network',
        null,
        timedOut ? 'OKX timed out' : 'OKX unreachable',
      );
    }
    let parsed: { code?: unknown; msg?: unknown; data?: unknown };
    try {
      parsed = (await res.json()) as typeof parsed;
    } catch {
      throw new OkxError('network', null, `OKX answered ${res.status} without JSON`);
    }
    const code = typeof parsed.code === 'string' ? parsed.code : String(parsed.code ?? '');
    if (code !== '0') {
      const kind = res.status === 401 || AUTH_CODES.has(code) ? 'auth' : 'refused';
      throw new OkxError(kind, code, typeof parsed.msg === 'string' ? parsed.msg : 'OKX refused');
    }
    return Array.isArray(parsed.data) ? (parsed.data as T[]) : [];
  }

  /** Who the key belongs to and its permissions (`read_only`, `trade`, `withdraw`). */
  async function accountConfig(creds: OkxCredentials): Promise<{ uid: string | null; perm: string[] }> {
    const [row] = await request<{ uid?: string; perm?: string }>(creds, 'GET', '/api/v5/account/config');
    const perm = (row?.perm ?? '')
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    return { uid: row?.uid ?? null, perm };
  }

  /** Places a market order under our client order id; OKX refuses a second order with the same id. */
  async function placeMarket(
    creds: OkxCredentials,
    o: { instId: string; side: 'buy' | 'sell'; sz: string; clOrdId: string },
  ): Promise<{ ordId: string }> {
    const [row] = await request<{ ordId?: string; sCode?: string; sMsg?: string }>(
      creds,
      'POST',
      '/api/v5/trade/order',
      { instId: o.instId, tdMode: 'isolated', side: o.side, ordType: 'market', sz: o.sz, clOrdId: o.clOrdId },
    );
    if (!row || (row.sCode !== undefined && row.sCode !== '0') || !row.ordId) {
      throw new OkxError('refused', row?.sCode ?? null, row?.sMsg ?? 'order refused');
    }
    return { ordId: row.ordId };
  }

  /** The order with our client order id, or null when OKX has none. */
  async function orderByClientId(
    creds: OkxCredentials,
    q: { instId: string; clOrdId: string },
  ): Promise<{ ordId: string; state: string } | null> {
    const path = `/api/v5/trade/order?instId=${encodeURIComponent(q.instId)}&clOrdId=${encodeURIComponent(q.clOrdId)}`;
    try {
      const [row] = await request<{ ordId?: string; state?: string }>(creds, 'GET', path);
      return row?.ordId ? { ordId: row.ordId, state: row.state ?? '' } : null;
    } catch (err) {
      // 51603: order does not exist.
      if (err instanceof OkxError && err.okxCode === '51603') return null;
      throw err;
    }
  }

  return { accountConfig, placeMarket, orderByClientId };
}

export type OkxClient = ReturnType<typeof createOkxClient>;
