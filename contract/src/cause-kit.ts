import type { Localized } from './lang';

/**
 * Causes of money movements: the closed list of why a ledger transaction happened, each with its name in
 * every language, so every record the server writes has a name in the app.
 */
export function defineCauses<const C extends Record<string, Localized>>(causes: C): C {
  return causes;
}
