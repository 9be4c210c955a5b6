import type { NatsConnection } from '@nats-io/transport-node';
import { RequestError } from '@nats-io/transport-node';
import type { EndpointPath, ErrorName, Lang, LivePath } from '@nexa/contract';
import type { AuthUser, Ctx, Handler, Handlers, OperatorUser } from '../kernel/context';
import { DomainError, ValidationError } from '../kernel/errors';
import { isStoreUnavailable, StoreUnavailableError } from '../store/unavailable';
import { type BodyWire, bodyFromWire, bodyToWire } from './call-body';

/** One call as it travels to the writers' instance: what the transport resolved, nothing it must redo. */
interface CallWire {
  readonly path: string;
  readonly body: BodyWire;
  readonly lang: Lang;
  readonly ip: string;
  readonly userAgent: string;
  readonly user: AuthUser | null;
  readonly operator: OperatorUser | null;
}

type AnswerWire =
  | { readonly ok: true; readonly data: unknown }
  | {
      readonly ok: false;
      readonly kind: 'domain';
      readonly name: ErrorName;
      readonly params: Record<string, string>;
      readonly data: unknown;
    }
  | { readonly ok: false; readonly kind: 'unavailable'; readonly reason: string }
  | { readonly ok: false; readonly kind: 'failed' };

export interface ForwardOptions {
  readonly nc: NatsConnection;
  readonly prefix: string;
  /**
   * The writers' group whose memory a call needs (its lease's key): the spot books' for a spot instrument's
   * orders and the exchange, the writers' for the rest. Each group's calls travel on a subject of their own.
   * Null: the call needs no group's memory, and the instance it reached answers it.
   */
  readonly keyOf: (path: string, body: unknown) => string | null | Promise<string | null>;
  /** Whether this instance holds that group's lease now: it answers the call itself. */
  readonly local: (key: string) => boolean;
  /**
   * Calls every instance answers itself: reads of what the store holds (lists), which need none of the
   * writers' memory. What the writers commit is committed before they answer, so a read that follows an
   * acknowledged call sees it, wherever it lands.
   */
  readonly readsAnywhere?: ReadonlySet<string>;
  /** How long a call waits for a writers' instance to answer it when none listens (a failover). */
  readonly waitMs: number;
  /** How long the writers' instance may take to answer one call. */
  readonly timeoutMs: number;
  readonly log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** Counts forwarded calls and their outcomes (metrics). */
  readonly count?: (outcome: 'ok' | 'error' | 'unavailable') => void;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The error a forwarded call failed with, as the transport answers it on the instance it came to. */
function errorOf(a: Exclude<AnswerWire, { ok: true }>): Error {
  if (a.kind === 'domain') {
    if (a.name === 'ValidationFailed' && a.params.field && a.params.reason)
      return new ValidationError(a.params.field, a.params.reason as never);
    return new DomainError(a.name, a.params, a.data);
  }
  if (a.kind === 'unavailable') return new StoreUnavailableError(a.reason);
  return new Error('the writers instance failed the call');
}

/**
 * Calls as cluster mode runs them: the holder of the lease of the writers' group a call needs (`keyOf`: the
 * spot books', or the rest's) runs its handler; the reads any instance may answer are answered where they
 * arrive. Any other instance checks the envelope, the signature, the session and the body itself, then hands
 * the call over NATS (request–reply on the group's subject, answered only by its holder) and relays the
 * answer. A call that finds no holder (a failover under way) waits up to `waitMs` for one, then answers
 * StoreUnavailable (HTTP 503, retry): never a hang.
 */
export function routeCalls(handlers: Handlers, o: ForwardOptions) {
  const subject = (key: string) => `${o.prefix}.call.${key}`;
  const table = handlers as unknown as Record<string, Handler<EndpointPath>>;

  async function forward(path: string, ctx: Ctx<EndpointPath>): Promise<unknown> {
    const key = await o.keyOf(path, ctx.body);
    if (key === null || o.local(key)) return (table[path] as Handler<EndpointPath>)(ctx);
    let operator: OperatorUser | null = ctx.operator ?? null;
    if (ctx.operator === undefined)
      try {
        operator = ctx.op();
      } catch {
        operator = null;
      }
    const wire: CallWire = {
      path,
      body: bodyToWire(ctx.body),
      lang: ctx.lang,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      user: ctx.user,
      operator,
    };
    const payload = JSON.stringify(wire);
    const until = Date.now() + o.waitMs;
    for (;;) {
      if (o.local(key)) return (table[path] as Handler<EndpointPath>)(ctx);
      try {
        const msg = await o.nc.request(subject(key), payload, { timeout: o.timeoutMs });
        const a = msg.json<AnswerWire>();
        if (a.ok) {
          o.count?.('ok');
          return a.data;
        }
        o.count?.(a.kind === 'unavailable' ? 'unavailable' : 'error');
        throw errorOf(a);
      } catch (err) {
        const noOne = err instanceof RequestError && err.isNoResponders();
        if (!noOne) {
          if (err instanceof DomainError || isStoreUnavailable(err) || !(err instanceof RequestError))
            throw err;
          o.count?.('unavailable');
          throw new StoreUnavailableError(`the writers instance did not answer (${err.message})`);
        }
        if (Date.now() >= until) {
          o.count?.('unavailable');
          throw new StoreUnavailableError(`no instance holds the lease ${key} right now`);
        }
        await sleep(100);
      }
    }
  }

  const routed = {} as Record<string, Handler<EndpointPath>>;
  for (const path of Object.keys(table))
    routed[path] = o.readsAnywhere?.has(path)
      ? (table[path] as Handler<EndpointPath>)
      : (ctx) => forward(path, ctx) as never;

  /** On a group's holder: answers the calls of that group the other instances hand over. Returns the way to stop. */
  function serve(key: string): () => void {
    const sub = o.nc.subscribe(subject(key), {
      queue: key,
      callback: (err, msg) => {
        if (err) return;
        void (async () => {
          let a: AnswerWire;
          try {
            const w = msg.json<CallWire>();
            const handler = table[w.path];
            if (!handler) throw new DomainError('NotAvailable');
            const ctx: Ctx<EndpointPath> = {
              body: bodyFromWire(w.body) as never,
              lang: w.lang,
              ip: w.ip,
              userAgent: w.userAgent ?? '',
              user: w.user,
              operator: w.operator,
              me() {
                if (!w.user) throw new DomainError('SessionInvalid');
                return w.user;
              },
              op() {
                if (!w.operator) throw new DomainError('SessionInvalid');
                return w.operator;
              },
            };
            a = { ok: true, data: await handler(ctx) };
          } catch (err) {
            if (err instanceof DomainError)
              a = {
                ok: false,
                kind: 'domain',
                name: err.errorName,
                params: { ...err.params },
                data: err.data,
              };
            else if (isStoreUnavailable(err))
              a = { ok: false, kind: 'unavailable', reason: (err as Error).message };
            else {
              o.log.error({ err }, 'forwarded call failed');
              a = { ok: false, kind: 'failed' };
            }
          }
          msg.respond(JSON.stringify(a));
        })();
      },
    });
    return () => sub.unsubscribe();
  }

  return { handlers: routed as unknown as Handlers, serve, paths: Object.keys(table) as LivePath[] };
}
