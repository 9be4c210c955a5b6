import { useApiQuery } from '../../api/hooks';

/** The first withdrawal record is enough: the answer carries the rules beside the list. */
const RULES_PAGE = { page: 1, size: 1 };

/**
 * The wallet's rules as the server answers them (operator settings: minimums, fees, daily limits and
 * what is left of today's): the forms show and check these, never a copy. Null while unknown.
 */
export function useWalletRules(asset: string) {
  const query = useApiQuery('/api/withdraw/list', RULES_PAGE);
  const withdraw = query.data?.rules.find((r) => r.asset === asset) ?? null;
  return {
    query,
    /** This asset's withdrawal rules, or null while unknown (or when it cannot be withdrawn). */
    withdraw,
    /** The assets withdrawals are open for, in the operators' order (empty while unknown). */
    assets: query.data?.rules.map((r) => r.asset) ?? [],
    /** The smallest transfer to another user. */
    transferMin: query.data?.transfer_min ?? null,
  };
}
