import type { LoanCover, ProgramReport } from '../ports/solvency';
import type { AnyEntry, AnyModule, BuiltModule, DashboardPart, ModuleOwnership } from './module';
import type { SettingsCatalogue } from './settings';

/** The members of a union of object types, as one object type. */
type Merged<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void
  ? { [K in keyof I]: I[K] }
  : never;

/** A module name as a key of the app's services: `token-market` is `tokenMarket`. */
type Camel<S extends string> = S extends `${infer H}-${infer T}` ? `${H}${Capitalize<Camel<T>>}` : S;

/** The service a module's entry builds. */
export type ApiOf<E extends AnyEntry> = ReturnType<E['build']>['api'];
/** The services of a list of modules, by module name: what the ports are wired from. */
export type ApisOf<L extends readonly AnyEntry[]> = { [E in L[number] as E['name']]: ApiOf<E> };
/** The services of a list of modules as the app reaches them: by module name, camel-cased. */
export type ServicesOf<L extends readonly AnyEntry[]> = { [E in L[number] as Camel<E['name']>]: ApiOf<E> };
/** The settings catalogue of a list of modules. */
export type SettingsOf<L extends readonly AnyEntry[]> = Merged<L[number]['settings']>;

/** What a module's build asks for beyond the shared machinery `B`: its ports. */
export type PortsOf<E extends AnyEntry, B> = Omit<Parameters<E['build']>[0], keyof B>;

type Wire<L extends readonly AnyEntry[], E extends AnyEntry, B, X> = (
  apis: ApisOf<L>,
  app: X,
) => PortsOf<E, B>;
/**
 * How the ports of a list of modules are wired from the others' services (`app`: what the app offers
 * beside them): one function per module that asks for ports, by its name; a module with a port it must
 * have and no wiring does not compile.
 */
export type PortWiring<L extends readonly AnyEntry[], B, X> = {
  // biome-ignore lint/complexity/noBannedTypes: a module whose ports may all be left out
  [E in L[number] as {} extends PortsOf<E, B> ? never : E['name']]: Wire<L, E, B, X>;
} & {
  // biome-ignore lint/complexity/noBannedTypes: a module whose ports may all be left out
  [E in L[number] as {} extends PortsOf<E, B> ? E['name'] : never]?: Wire<L, E, B, X>;
};

/** One catalogue of several modules' settings; a key two of them declare is a mistake, never an override. */
export function mergeSettings<C>(catalogues: readonly (readonly [owner: string, SettingsCatalogue])[]): C {
  const out: Record<string, SettingsCatalogue[string]> = {};
  const owner = new Map<string, string>();
  for (const [name, catalogue] of catalogues) {
    for (const [key, schema] of Object.entries(catalogue)) {
      const other = owner.get(key);
      if (other !== undefined) throw new Error(`setting ${key} is declared by ${other} and ${name}`);
      owner.set(key, name);
      out[key] = schema;
    }
  }
  return out as C;
}

/**
 * The modules in start order: each after the modules its entry names in `startsAfter`, otherwise in the
 * list's order (the earliest listed module that may start, starts next).
 */
export function startOrder<E extends Pick<AnyEntry, 'name' | 'startsAfter'>>(entries: readonly E[]): E[] {
  const names = new Set(entries.map((e) => e.name));
  for (const e of entries) {
    for (const after of e.startsAfter ?? []) {
      if (!names.has(after))
        throw new Error(`module ${e.name} starts after ${after}, which is not in the list`);
    }
  }
  const started = new Set<string>();
  const out: E[] = [];
  while (out.length < entries.length) {
    const next = entries.find(
      (e) => !started.has(e.name) && (e.startsAfter ?? []).every((a) => started.has(a)),
    );
    if (!next) {
      const waiting = entries.filter((e) => !started.has(e.name)).map((e) => e.name);
      throw new Error(`modules wait for each other to start: ${waiting.join(', ')}`);
    }
    started.add(next.name);
    out.push(next);
  }
  return out;
}

export interface AssembleOptions<L extends readonly AnyEntry[], B, X> {
  /** The shared machinery one module is built with (its ledger and bus held to what it owns). */
  readonly shared: (name: string, owns: ModuleOwnership) => B;
  readonly ports: NoInfer<PortWiring<L, B, X>>;
  readonly app: X;
}

export interface Assembled<L extends readonly AnyEntry[]> {
  /** Each module with its entry, in start order. */
  readonly started: readonly { readonly entry: L[number]; readonly module: AnyModule }[];
  readonly apis: ApisOf<L>;
}

/**
 * Builds every module of the list. A module is built when its service is first asked for: by a port wired
 * to it that is read while another module is built, or in the list's turn; a port read only when called
 * (`() => apis.futures`) lets two modules reach each other. Two modules that each need the other's service
 * while they are built cannot be, and say so.
 */
export function assembleModules<L extends readonly AnyEntry[], B, X>(
  entries: L,
  opts: AssembleOptions<L, B, X>,
): Assembled<L> {
  const byName = new Map<string, L[number]>(entries.map((e) => [e.name, e]));
  if (byName.size !== entries.length) throw new Error('two modules of the list have the same name');
  const wiring = opts.ports as Readonly<Record<string, Wire<L, AnyEntry, B, X> | undefined>>;
  const built = new Map<string, BuiltModule<unknown>>();
  const building: string[] = [];
  const apis = {} as ApisOf<L>;

  function build(entry: L[number]): BuiltModule<unknown> {
    const done = built.get(entry.name);
    if (done) return done;
    if (building.includes(entry.name)) {
      throw new Error(
        `modules ${[...building, entry.name].join(' → ')} each need the other's service while they are built: ` +
          'read one of these ports only when it is called',
      );
    }
    building.push(entry.name);
    const ports = wiring[entry.name]?.(apis, opts.app) ?? {};
    const out = entry.build({ ...opts.shared(entry.name, entry.owns), ...ports } as never);
    building.pop();
    built.set(entry.name, out);
    return out;
  }

  for (const e of entries) {
    Object.defineProperty(apis, e.name, { enumerable: true, get: () => build(e).api });
  }
  for (const e of entries) build(e);
  return {
    started: startOrder(entries).map((entry) => ({ entry, module: build(entry).module })),
    apis,
  };
}

/** The services of the app by their camel-cased names (`tokenMarket`). */
export function servicesOf<L extends readonly AnyEntry[]>(entries: L, apis: ApisOf<L>): ServicesOf<L> {
  const byName = apis as Readonly<Record<string, unknown>>;
  return Object.fromEntries(
    entries.map((e) => [e.name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()), byName[e.name]]),
  ) as ServicesOf<L>;
}

/** The running modules taken together, as the console and the content calls read them. */
export interface Together {
  /** The contract domains the running modules answer. */
  domains(): ReadonlySet<string>;
  /** The first problem a module finds with a setting's new value, or null. */
  checkSetting(key: string, value: unknown): string | null;
  /** Every module's part of the dashboard, in the list's order. */
  dashboard(since: Date): Promise<readonly DashboardPart[]>;
  /** Every rewards program of every module that runs one, in the list's order. */
  programs(): Promise<readonly ProgramReport[]>;
  /** Every open loan of every module that lends. */
  loans(): Promise<readonly LoanCover[]>;
}

/** The modules taken together; `modules` is read when first needed (the list is complete by then). */
export function together(modules: () => readonly AnyModule[]): Together {
  let domains: ReadonlySet<string> | null = null;
  /** Each module's answer in the list's order, one after the other. */
  async function each<T>(part: (m: AnyModule) => Promise<readonly T[]> | undefined): Promise<T[]> {
    const out: T[] = [];
    for (const m of modules()) out.push(...((await part(m)) ?? []));
    return out;
  }
  return {
    domains: () => {
      domains ??= new Set(modules().flatMap((m) => m.domains));
      return domains;
    },
    checkSetting(key, value) {
      for (const m of modules()) {
        const problem = m.checkSetting?.(key, value) ?? null;
        if (problem !== null) return problem;
      }
      return null;
    },
    dashboard: (since) => Promise.all(modules().flatMap((m) => (m.dashboard ? [m.dashboard(since)] : []))),
    programs: () => each((m) => m.programs?.()),
    loans: () => each((m) => m.loans?.()),
  };
}
