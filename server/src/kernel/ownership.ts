import type { Bus } from './bus';
import type { ModuleOwnership } from './module';

/** A module reached past what it declared: a bug in that module, stopped before anything is written. */
export class OwnershipError extends Error {
  constructor(owner: string, what: string) {
    super(`module ${owner} ${what}, which it does not declare`);
    this.name = 'OwnershipError';
  }
}

/** Whether a system account is one of the declared (an exact name, or under a prefix ending in ':'). */
export function systemAllowed(name: string, allowed: readonly string[]): boolean {
  return allowed.some((a) => (a.endsWith(':') ? name.startsWith(a) : name === a));
}

/** The bus as one module may use it: it publishes only the events it declared; it may listen to any. */
export function scopeBus(bus: Bus, owner: string, owns: ModuleOwnership): Bus {
  const events = new Set<string>(owns.publishes);
  return {
    publish(event, payload) {
      if (!events.has(event)) throw new OwnershipError(owner, `published ${event}`);
      bus.publish(event, payload);
    },
    subscribe: (event, handler) => bus.subscribe(event, handler),
  };
}

/**
 * What is wrong with the modules' declarations taken together: a cause of the contract that no module
 * posts, or that two claim. Empty when every record type has exactly one owner.
 */
export function ownershipProblems(
  modules: readonly { readonly domains: readonly string[]; readonly owns: ModuleOwnership }[],
  allCauses: readonly string[],
): string[] {
  const owner = new Map<string, string>();
  const problems: string[] = [];
  for (const m of modules) {
    const name = m.domains.join('+');
    for (const c of m.owns.causes) {
      const other = owner.get(c);
      if (other) problems.push(`cause ${c} is claimed by ${other} and ${name}`);
      owner.set(c, name);
    }
  }
  for (const c of allCauses) if (!owner.has(c)) problems.push(`cause ${c} has no module`);
  return problems;
}
