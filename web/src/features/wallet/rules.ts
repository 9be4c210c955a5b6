/**
 * The operator settings of the wallet (RULES.md, "Assets and accounts") as seeded. The server holds
 * them and enforces them; no call sends them yet (except the exchange's fee rate and quote life,
 * which getExchangeInfo answers and which win over these), so the forms show these values.
 */
export const WALLET_RULES = {
  withdraw: { asset: 'USDT', chain: 'evm', min: '10', fee: '1', dailyLimit: '50000' },
  transfer: { asset: 'USDT', min: '1', fee: '0' },
  internalTransfer: { fee: '0' },
  exchange: { feeRate: '0.005', quoteTtlS: 30 },
  deposit: { asset: 'USDT', chain: 'evm' },
} as const;

/** A chain id as shown ("evm" → "EVM"). */
export function chainLabel(chain: string): string {
  return chain.toUpperCase();
}

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const TX_HASH = /^0x[0-9a-fA-F]{64}$/;

/** Whether an address looks right for the chain (EVM chains: 0x and 40 hex digits). */
export function isAddressFor(chain: string, address: string): boolean {
  const text = address.trim();
  if (chain === 'evm') return EVM_ADDRESS.test(text);
  return text.length > 0 && text.length <= 120;
}

export function isTxHash(text: string): boolean {
  return TX_HASH.test(text.trim());
}

/** A transfer recipient: an EVM address or a UID (digits). */
export function isRecipient(text: string): boolean {
  const t = text.trim();
  return EVM_ADDRESS.test(t) || /^\d{4,20}$/.test(t);
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
