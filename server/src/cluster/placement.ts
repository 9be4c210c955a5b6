/**
 * Where the writers' groups run in a cluster: each instance says on NATS which leases it holds, and every
 * instance plans the free ones from what it heard the same way (the least loaded live instance takes the next
 * free lease), so the groups spread over the instances without a coordinator. The lease table stays the
 * arbiter: a plan only decides who tries; two that try the same lease cannot both take it.
 */
import type { NatsConnection } from '@nats-io/transport-node';

/** What the placement needs of the cluster's link. */
interface PresenceLink {
  readonly nc: NatsConnection;
  readonly config: { readonly prefix: string; readonly instance: string; readonly leaseMs: number };
}

/** What one instance said it holds, and when it was heard (first, and last). */
interface Heard {
  readonly since: number;
  readonly at: number;
  readonly ready: boolean;
  readonly held: readonly string[];
}

/** A string's 32-bit FNV-1a hash: ties between equally loaded instances fall differently for each lease. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/**
 * The free leases `me` should take: every lease no live instance holds, in `keys`' order, goes to the live
 * instance with the least load so far (the weights of what it holds and was planned), ties by a hash of the
 * instance and the lease. Every instance computes the same plan from the same view.
 */
export function planLeases(o: {
  readonly me: string;
  readonly keys: readonly string[];
  readonly weight: (key: string) => number;
  /** The live instances (this one among them) and the leases each holds. */
  readonly live: ReadonlyMap<string, readonly string[]>;
}): Set<string> {
  const load = new Map<string, number>();
  const taken = new Set<string>();
  for (const [name, held] of o.live) {
    load.set(
      name,
      held.reduce((sum, k) => sum + o.weight(k), 0),
    );
    for (const k of held) taken.add(k);
  }
  const mine = new Set<string>();
  for (const key of o.keys) {
    if (taken.has(key)) continue;
    let best: string | null = null;
    for (const [name, l] of load) {
      const b = best === null ? null : (load.get(best) ?? 0);
      if (b === null || l < b || (l === b && hash(`${name}|${key}`) > hash(`${best}|${key}`))) best = name;
    }
    if (best === null) break;
    load.set(best, (load.get(best) ?? 0) + o.weight(key));
    if (best === o.me) mine.add(key);
  }
  return mine;
}

/**
 * Which lease `me` should hand over now to even the load, or null: only the most loaded live instance that
 * holds a movable lease gives one, and only when moving it lowers the highest load (the lightest instance
 * stays at most as loaded as it). The last movable lease `me` holds goes, in `keys`' order.
 */
export function planHandOff(o: {
  readonly me: string;
  readonly keys: readonly string[];
  readonly weight: (key: string) => number;
  readonly movable: (key: string) => boolean;
  /** The live instances (this one among them) and the leases each holds. */
  readonly live: ReadonlyMap<string, readonly string[]>;
}): string | null {
  const loads = [...o.live].map(([name, held]) => ({
    name,
    load: held.reduce((sum, k) => sum + o.weight(k), 0),
    movable: held.filter(o.movable),
  }));
  const heavier = (x: (typeof loads)[number], y: (typeof loads)[number]) =>
    x.load !== y.load ? x.load > y.load : x.name < y.name;
  let top: (typeof loads)[number] | null = null;
  let light: (typeof loads)[number] | null = null;
  for (const l of loads) {
    if (l.movable.length > 0 && (top === null || heavier(l, top))) top = l;
    if (light === null || heavier(light, l)) light = l;
  }
  if (!top || !light || top.name !== o.me || light.name === o.me) return null;
  const order = new Map(o.keys.map((k, i) => [k, i]));
  const key = [...top.movable].sort((x, y) => (order.get(x) ?? 0) - (order.get(y) ?? 0)).pop() ?? null;
  if (key === null) return null;
  return top.load - o.weight(key) >= light.load + o.weight(key) ? key : null;
}

export interface Placement {
  /** Whether this instance should try to take a free lease now. */
  mayTake(key: string): boolean;
  /**
   * The lease this instance should hand over now (see `planHandOff`), or null. Only once every lease is held
   * as far as it heard (a lease handed over before has been taken), past its first `spreadMs`, to an instance
   * heard for two leases' time at least, and one lease at a time.
   */
  handOff(movable: (key: string) => boolean): string | null;
  stop(): void;
}

/**
 * This instance's side of the placement. It says every half lease which leases it holds (`held`) and whether
 * its store answers (`ready`), and hears the others'. An instance heard within a lease is live.
 *
 * It tries a free lease when the plan gives it that lease, after it has listened for a lease's time (so it
 * heard the others). While it hears no other instance and its first `spreadMs` have not passed, it takes one
 * lease at most: the instances of a cluster started together come up meanwhile and share the rest. A lease
 * free for three leases' time (its planned taker never took it) may be taken by any instance.
 */
export function startPlacement(
  link: PresenceLink,
  o: {
    readonly keys: readonly string[];
    readonly weight: (key: string) => number;
    readonly held: () => readonly string[];
    readonly ready: () => boolean;
    readonly spreadMs: number;
  },
): Placement {
  const subject = `${link.config.prefix}.presence`;
  const me = link.config.instance;
  const leaseMs = link.config.leaseMs;
  const startedAt = Date.now();
  const heard = new Map<string, Heard>();
  const freeSince = new Map<string, number>();
  const sub = link.nc.subscribe(subject, {
    callback: (err, msg) => {
      if (err) return;
      const m = msg.json<{ o: string; ready: boolean; held: string[] }>();
      if (m.o === me) return;
      const now = Date.now();
      const was = heard.get(m.o);
      const since = was && now - was.at < leaseMs ? was.since : now;
      heard.set(m.o, { since, at: now, ready: m.ready, held: m.held });
    },
  });
  const say = () => link.nc.publish(subject, JSON.stringify({ o: me, ready: o.ready(), held: o.held() }));
  say();
  const timer = setInterval(say, Math.max(100, Math.floor(leaseMs / 2)));
  timer.unref();

  const others = () => {
    const since = Date.now() - leaseMs;
    return [...heard].filter(([, h]) => h.at >= since && h.ready);
  };
  return {
    mayTake(key) {
      const now = Date.now();
      if (now - startedAt < leaseMs) return false;
      const live = new Map<string, readonly string[]>(others().map(([name, h]) => [name, h.held]));
      const mine = o.held();
      if (live.size === 0 && mine.length > 0 && now - startedAt < o.spreadMs) return false;
      live.set(me, mine);
      const held = new Set([...live.values()].flat());
      for (const k of o.keys) if (held.has(k)) freeSince.delete(k);
      if (held.has(key)) return false;
      const since = freeSince.get(key) ?? now;
      freeSince.set(key, since);
      if (now - since >= 3 * leaseMs) return true;
      const plan = planLeases({ me, keys: o.keys, weight: o.weight, live });
      if (!plan.has(key)) return false;
      // Alone and early: the first lease of the plan only.
      if (live.size === 1 && now - startedAt < o.spreadMs) return [...plan][0] === key;
      return true;
    },
    handOff(movable) {
      const now = Date.now();
      if (now - startedAt < o.spreadMs) return null;
      const settled = others().filter(([, h]) => now - h.since >= 2 * leaseMs);
      const live = new Map<string, readonly string[]>(settled.map(([name, h]) => [name, h.held]));
      if (live.size === 0) return null;
      live.set(me, o.held());
      const held = new Set([...others().flatMap(([, h]) => h.held), ...o.held()]);
      if (o.keys.some((k) => !held.has(k))) return null;
      return planHandOff({ me, keys: o.keys, weight: o.weight, movable, live });
    },
    stop() {
      clearInterval(timer);
      sub.unsubscribe();
    },
  };
}
