import type { Notice } from '@nexa/contract';

/** How a screen shows the values a notice carries: amounts by their asset, a card event by its name. */
export interface NoticeFormat {
  amount(amount: string, asset: string): string;
  cardEvent(event: string): string;
  /** What a security change was ("totp_enabled"), in the reader's language. */
  securityChange(change: string): string;
}

/**
 * A notice's placeholders as its reader sees them: its params, with the amount in the asset's display (the
 * language's separators) and a card event named in the reader's language. Missing params read as "–".
 */
export function noticeParams(n: Notice, f: NoticeFormat): Record<string, string> {
  const p: Record<string, string> = { ...n.params };
  for (const [k, v] of Object.entries(p)) if (v === '') p[k] = '–';
  const amount = n.params.amount;
  if (amount && /^-?\d+(\.\d+)?$/.test(amount)) p.amount = f.amount(amount, n.params.asset ?? 'USDT');
  // Trading figures as amounts too: a fill's size in its base asset, prices and values in USDT.
  const figure = (key: string, asset: string) => {
    const v = n.params[key];
    if (v && /^\d+(\.\d+)?$/.test(v)) p[key] = f.amount(v, asset);
  };
  if (n.kind === 'large_fill') {
    figure('size', (n.params.inst ?? '').split('-')[0] ?? '');
    figure('price', 'USDT');
    figure('value', 'USDT');
  }
  if (n.kind === 'liquidation_warning') figure('liq', 'USDT');
  if (n.kind === 'card_activity' && n.params.event) p.event = f.cardEvent(n.params.event);
  if (n.kind === 'security_changed' && n.params.change) p.change = f.securityChange(n.params.change);
  return p;
}
