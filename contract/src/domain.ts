import type { Endpoint } from './endpoint';
import type { ErrorDef, ErrorSet } from './error-kit';
import type { Localized } from './lang';

/**
 * One domain's part of the contract, as its folder's `index.ts` declares it: its calls, its answers (with the
 * code ranges that are its own) and the causes of the money it moves. The list in `domains/index.ts` names
 * each entry once; the call table, the error catalogue and the causes the ledger accepts are read from it.
 */
export interface DomainEntry<
  N extends string = string,
  E extends Readonly<Record<string, Endpoint>> = Readonly<Record<string, Endpoint>>,
  R extends Readonly<Record<string, ErrorDef>> = Readonly<Record<string, ErrorDef>>,
  C extends Readonly<Record<string, Localized>> = Readonly<Record<string, Localized>>,
> {
  /** The domain's name: its calls' `domain`, its folder's name. */
  readonly name: N;
  readonly endpoints: E;
  /** Its own answers and their code ranges; a domain without answers of its own has none. */
  readonly errors: ErrorSet<R> | null;
  readonly causes: C;
}

/** Declares a domain's entry; a domain without answers or causes of its own leaves them out. */
export function defineDomain<
  const N extends string,
  E extends Readonly<Record<string, Endpoint>>,
  // biome-ignore lint/complexity/noBannedTypes: no answers of its own
  R extends Readonly<Record<string, ErrorDef>> = {},
  // biome-ignore lint/complexity/noBannedTypes: no causes of its own
  C extends Readonly<Record<string, Localized>> = {},
>(entry: { name: N; endpoints: E; errors?: ErrorSet<R>; causes?: C }): DomainEntry<N, E, R, C> {
  return {
    name: entry.name,
    endpoints: entry.endpoints,
    errors: entry.errors ?? null,
    causes: entry.causes ?? ({} as C),
  };
}

/** The members of a union of object types, as one object type. */
type Merged<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void
  ? { [K in keyof I]: I[K] }
  : never;

/** Every call of a list of domains, as one table. */
export type EndpointsOf<L extends readonly DomainEntry[]> = Merged<L[number]['endpoints']>;
/** Every answer a list of domains declares, by name. */
export type ErrorsOf<L extends readonly DomainEntry[]> = Merged<NonNullable<L[number]['errors']>['errors']>;
/** Every cause a list of domains declares, by name. */
export type CausesOf<L extends readonly DomainEntry[]> = Merged<L[number]['causes']>;

/**
 * The members of several tables as one, refusing a name two of them hold (two domains declaring the same
 * call, answer or cause is a mistake, never an override).
 */
export function mergeTables<T>(
  what: string,
  tables: readonly (readonly [owner: string, table: object])[],
): T {
  const out: Record<string, unknown> = {};
  const owner = new Map<string, string>();
  for (const [name, table] of tables) {
    for (const [key, value] of Object.entries(table)) {
      const other = owner.get(key);
      if (other !== undefined) throw new Error(`${what} ${key} is declared by ${other} and ${name}`);
      owner.set(key, name);
      out[key] = value;
    }
  }
  return out as T;
}

/**
 * The call table of a list of domains and the calls still planned: a planned path that a domain's table
 * declares is that domain's live call, so a call that lands needs no edit to the planned list.
 */
export function callTable<L extends readonly DomainEntry[], P extends Readonly<Record<string, Endpoint>>>(
  domains: L,
  planned: P,
): EndpointsOf<L> & Omit<P, keyof EndpointsOf<L>> {
  const live = mergeTables<EndpointsOf<L>>(
    'call',
    domains.map((d) => [d.name, d.endpoints] as const),
  );
  const waiting = Object.entries(planned).filter(([path]) => !Object.hasOwn(live, path));
  return { ...live, ...(Object.fromEntries(waiting) as Omit<P, keyof EndpointsOf<L>>) };
}
