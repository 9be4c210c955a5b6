/** The demo's lead traders' wallet addresses: this prefix, then the lead's number (nobody holds their keys). */
const DEMO_LEAD_PREFIX = `0x4e657861${'0'.repeat(26)}c0`;

export const demoLeadAddress = (i: number) => `${DEMO_LEAD_PREFIX}${String(i).padStart(4, '0')}`;

/** Whether an account is one of the demo's lead traders (a bot the screens label as demo). */
export function isDemoLead(address: string | null | undefined): boolean {
  return !!address && address.toLowerCase().startsWith(DEMO_LEAD_PREFIX);
}

/** The demo leads' nicknames, by their number (1 first); a lead past the list is named by its number. */
const DEMO_LEAD_NAMES = ['Aurora Quant', 'Steady Tide', 'Night Owl', 'Orbit Swing', 'Calm Harbor'];

/** The public name of a lead trader: a demo lead's nickname, otherwise the account's number. */
export function leadName(
  uid: string | null | undefined,
  address: string | null | undefined,
  id: number,
): string {
  if (isDemoLead(address) && address) {
    const n = Number.parseInt(address.slice(-4), 10);
    const name = DEMO_LEAD_NAMES[n - 1];
    if (name) return name;
  }
  return uid ?? String(id);
}
