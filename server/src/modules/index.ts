/**
 * The composition root: builds the modules of the list (`list.ts`) with the ports between them (`ports.ts`).
 * Nothing here names a module: each one's settings, ownership, start order and build come from its entry.
 */

import { CAUSES } from '@nexa/contract';
import { assembleModules, mergeSettings, type SettingsOf, servicesOf, together } from '../kernel/assemble';
import type { AnyModule, MissingDomains } from '../kernel/module';
import { ownershipProblems, scopeBus } from '../kernel/ownership';
import { KERNEL_SETTINGS } from '../kernel/settings';
import { scopeLedger } from '../ledger';
import { MODULES, type ModuleList } from './list';
import { type AppView, type ModuleWiring, PORTS } from './ports';

export type { ModuleWiring } from './ports';

/** Every module's settings: the catalogue the settings service validates and parses at start. */
export const SETTINGS = mergeSettings<typeof KERNEL_SETTINGS & SettingsOf<ModuleList>>([
  ['kernel', KERNEL_SETTINGS],
  ...MODULES.map((m) => [m.name, m.settings] as const),
]);

// Every live domain of the contract has its module: a missing one does not compile.
const complete: MissingDomains<ModuleList> extends never ? true : false = true;
void complete;

export function buildModules(deps: ModuleWiring) {
  let list: readonly AnyModule[] = [];
  const built = assembleModules<ModuleList, ModuleWiring, AppView>(MODULES, {
    // Each module gets a ledger and a bus that hold it to what it declares (causes, system accounts, events).
    shared: (owner, owns): ModuleWiring => ({
      ...deps,
      ledger: scopeLedger(deps.ledger, owner, owns),
      bus: scopeBus(deps.bus, owner, owns),
    }),
    ports: PORTS,
    app: { deps, catalogue: SETTINGS, together: together(() => list) },
  });
  list = built.started.map((s) => s.module);
  // Every record type of the contract has exactly one module that posts it.
  const problems = ownershipProblems(
    built.started.map((s) => ({ domains: s.module.domains, owns: s.entry.owns })),
    Object.keys(CAUSES),
  );
  if (problems.length > 0) throw new Error(`module ownership: ${problems.join('; ')}`);

  const services = servicesOf(MODULES, built.apis);
  return {
    /** In start order (shutdown is the reverse). */
    list,
    apis: {
      ...services,
      // The candles of market data, by the name the app's tools and tests use.
      candles: services.marketData.candles,
    },
  };
}

export type Modules = ReturnType<typeof buildModules>['apis'];
