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

/** Address forms by network: EVM chains 0x and 40 hex digits, Tron T and 33 base58 letters, Bitcoin bech32. */
const ADDRESS_FORMS: Readonly<Record<string, RegExp>> = {
  evm: EVM_ADDRESS_PATTERN,
  bsc: EVM_ADDRESS_PATTERN,
  tron: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
  bitcoin: /^(bc|tb)1[02-9ac-hj-np-z]{11,87}$/,
};

/** Whether an address looks right for the chain (the server checks its checksum). */
export function isAddressFor(chain: string, address: string): boolean {
  const text = address.trim();
  const form = ADDRESS_FORMS[chain];
  if (form) return form.test(text);
  return text.length > 0 && text.length <= 120;
}

/** The words that say what an address of the chain looks like, when one is not. */
export function addressInvalidKey(
  chain: string,
): 'walletForm.addressInvalid' | 'walletForm.addressInvalidTron' | 'walletForm.addressInvalidBitcoin' {
  if (chain === 'tron') return 'walletForm.addressInvalidTron';
  if (chain === 'bitcoin') return 'walletForm.addressInvalidBitcoin';
  return 'walletForm.addressInvalid';
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
