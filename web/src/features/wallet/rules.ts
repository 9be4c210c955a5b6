import { EVM_ADDRESS_PATTERN, TX_HASH_PATTERN } from '@nexa/contract';

// The forms use the contract's default chain; minimums, fees and limits come from the server (use-rules.ts).
export { DEFAULT_CHAIN } from '@nexa/contract';

/** A chain id as users name its network ("evm" → "ERC20"). */
export function chainLabel(chain: string): string {
  return NETWORK_NAMES[chain] ?? chain.toUpperCase();
}

/** Networks by the names users know them by (the server's chain ids are its own). */
const NETWORK_NAMES: Readonly<Record<string, string>> = {
  evm: 'ERC20',
  tron: 'TRC20',
  bsc: 'BEP20',
  bitcoin: 'Bitcoin',
};

/** Whether an address looks right for the chain (EVM chains: 0x and 40 hex digits). */
export function isAddressFor(chain: string, address: string): boolean {
  const text = address.trim();
  if (chain === 'evm') return EVM_ADDRESS_PATTERN.test(text);
  return text.length > 0 && text.length <= 120;
}

export function isTxHash(text: string): boolean {
  return TX_HASH_PATTERN.test(text.trim());
}

/**
 * A from/to pair after picking `picked` for one side. Picking what the other side holds swaps the
 * two, so the pair never names the same thing twice (no SameAccount, no X→X exchange).
 */
export function pickSide<T>(
  current: { readonly from: T; readonly to: T },
  side: 'from' | 'to',
  picked: T,
): { from: T; to: T } {
  const other = side === 'from' ? current.to : current.from;
  if (picked === other) return { from: current.to, to: current.from };
  return side === 'from' ? { from: picked, to: current.to } : { from: current.from, to: picked };
}

/**
 * The exchange trades each asset against USDT on its live book: when a pick leaves USDT on neither side, the
 * other side becomes USDT.
 */
export function exchangePair(
  next: { readonly from: string | null; readonly to: string | null },
  side: 'from' | 'to',
  quote = 'USDT',
): { from: string | null; to: string | null } {
  if (next.from === quote || next.to === quote) return { ...next };
  return side === 'from' ? { from: next.from, to: quote } : { from: quote, to: next.to };
}
