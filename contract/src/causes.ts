import { mergeTables } from './domain';
import { DOMAINS, type DomainCauses } from './domains';
import type { Lang } from './lang';

/** Every cause the ledger may record, from every listed domain's entry: the ledger refuses any other. */
export const CAUSES = mergeTables<DomainCauses>(
  'cause',
  DOMAINS.map((d) => [d.name, d.causes] as const),
);

export type Cause = keyof typeof CAUSES;

export function isCause(text: string): text is Cause {
  return Object.hasOwn(CAUSES, text);
}

/** The name of a record's cause in a language; one the app does not know shows as written. */
export function causeLabel(cause: string, lang: Lang): string {
  return isCause(cause) ? CAUSES[cause][lang] : cause;
}

/** The causes one domain's folder declares, by name (what its server module may post). */
export function causeNames<M extends { readonly [C in Cause]?: unknown }>(map: M): (keyof M & Cause)[] {
  return Object.keys(map) as (keyof M & Cause)[];
}
