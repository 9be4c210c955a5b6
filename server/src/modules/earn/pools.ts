/** The earn module's system accounts: staked principal, the profit, release and loan pools, the burn sink. */
import { SYSTEM } from '../../ledger';

export const EARN_SYSTEM = {
  staked: 'system:earn:staked',
  pledge: 'system:earn:pledge',
  burned: 'system:earn:burned',
  release: 'system:earn:release',
  loans: 'system:earn:loans',
  capital: SYSTEM.capital('earn'),
} as const;
