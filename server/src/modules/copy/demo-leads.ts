/** The demo's lead traders' wallet addresses: this prefix, then the lead's number (nobody holds their keys). */
const DEMO_LEAD_PREFIX = `0x4e657861${'0'.repeat(26)}c0`;

export const demoLeadAddress = (i: number) => `${DEMO_LEAD_PREFIX}${String(i).padStart(4, '0')}`;

/** Whether an account is one of the demo's lead traders (a bot the screens label as demo). */
export function isDemoLead(address: string | null | undefined): boolean {
  return !!address && address.toLowerCase().startsWith(DEMO_LEAD_PREFIX);
}
