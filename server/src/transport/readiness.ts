import type { FastifyInstance } from 'fastify';

/**
 * The probes' own log level: a load balancer checks every instance (and, in cluster mode, every book) a few
 * times a second, and a request line each would bury the log. Their failures still say why at `warn`.
 */
export const PROBE = { logLevel: 'warn' } as const;

/**
 * `GET /readyz`: whether this instance can serve now, for load balancers and orchestrators (`/healthz` only
 * says the process is alive). 200 `{ok:true}` when the store answers within a second; 503 `{ok:false,
 * reason}` otherwise, where reason is `store` (unreachable, or reconnecting) or `fenced` (another instance
 * took the single-writer lock: this one must be restarted). The details go to the log, not to the caller.
 */
export function registerReadiness(
  app: FastifyInstance,
  check: () => Promise<{ readonly reason: 'store' | 'fenced'; readonly detail: string } | null>,
): void {
  app.get('/readyz', PROBE, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const down = await check();
    if (!down) return reply.code(200).send({ ok: true });
    req.log.warn({ detail: down.detail }, 'not ready');
    return reply.code(503).send({ ok: false, reason: down.reason });
  });
}

/**
 * `GET /writerz`: whether this instance runs the writers now (cluster mode: it holds the writers' lease and
 * answers calls; one instance: always). 200 `{writer:true}` or 503 `{writer:false}`. A load balancer checks
 * it to send the calls that change state straight to the writers, so they take no hop over NATS.
 */
export function registerWriterCheck(app: FastifyInstance, writer: (group: string) => boolean): void {
  app.get('/writerz', PROBE, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    // `?group=spot`: whether this instance runs any spot book; `?group=spot.BTC-USDT`: that book (cluster
    // mode's other writers' groups). Anything else names the writers'.
    const asked = (req.query as Record<string, unknown> | undefined)?.group;
    const group = typeof asked === 'string' && /^spot(\.[A-Z0-9-]{1,24})?$/.test(asked) ? asked : 'writers';
    const yes = writer(group);
    return reply.code(yes ? 200 : 503).send({ writer: yes });
  });
}
