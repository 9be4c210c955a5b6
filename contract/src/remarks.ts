import { z } from 'zod';

/** Why a closed spot order filled only part of its amount (see the order's `partial_reason`). */
export const PARTIAL_REASONS = [
  'lot_size',
  'book_depth',
  'price_band',
  'price_limit',
  'self_trade',
  'canceled',
] as const;
export type PartialReason = (typeof PARTIAL_REASONS)[number];

/**
 * What a record's remark says, as fields: the journal keeps each cause's remark in one fixed machine form
 * (below), and the records call answers these fields beside it, so the app words them in the user's
 * language. A remark of no known form (a user's own transfer note, an operator's reason) has no detail and
 * is shown as written.
 *
 * Forms: `spot.order` "BTC-USDT buy market", followed by " partial book_depth" when the order closed in the
 * entry short of its amount (what it held for the rest came back in the same entry, for that reason); `spot.cancel` "BTC-USDT cancel 3"; `spot.cancel` "instrument
 * changed"; `exchange` "USDT → BTC"; `p2p.list` "BWC @ 0.5"; `p2p.buy` "BWC listing 12";
 * `deposit` a transaction hash; `withdrawal` the receiving address.
 */
export const zRecordDetail = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('order'),
    inst: z.string(),
    side: z.enum(['buy', 'sell']),
    type: z.enum(['limit', 'market']),
    /**
     * The order closed in this entry short of its amount, and why (the rest came back in the same entry);
     * null when it filled in full or rests on the book.
     */
    partial: z.enum(PARTIAL_REASONS).nullable(),
  }),
  z.object({ kind: z.literal('cancel'), inst: z.string(), count: z.number().int() }),
  z.object({ kind: z.literal('instrumentChanged') }),
  z.object({ kind: z.literal('exchange'), from: z.string(), to: z.string() }),
  z.object({ kind: z.literal('p2pList'), asset: z.string(), price: z.string() }),
  z.object({ kind: z.literal('p2pTrade'), asset: z.string(), listing: z.number().int() }),
  z.object({ kind: z.literal('tx'), hash: z.string() }),
  z.object({ kind: z.literal('address'), address: z.string() }),
]);
export type RecordDetail = z.infer<typeof zRecordDetail>;

const INST = '[A-Z0-9]+-[A-Z0-9]+';

/** The fields of a remark of a known form for its cause, else null. */
export function remarkDetail(cause: string, remark: string): RecordDetail | null {
  let m: RegExpExecArray | null;
  switch (cause) {
    case 'spot.order':
      m = new RegExp(
        `^(${INST}) (buy|sell) (limit|market)(?: partial (${PARTIAL_REASONS.join('|')}))?$`,
      ).exec(remark);
      return m
        ? {
            kind: 'order',
            inst: m[1] ?? '',
            side: m[2] as 'buy' | 'sell',
            type: m[3] as 'limit' | 'market',
            partial: (m[4] as PartialReason | undefined) ?? null,
          }
        : null;
    case 'spot.cancel':
      if (remark === 'instrument changed') return { kind: 'instrumentChanged' };
      m = new RegExp(`^(${INST}) cancel (\\d+)$`).exec(remark);
      return m ? { kind: 'cancel', inst: m[1] ?? '', count: Number(m[2]) } : null;
    case 'exchange':
      m = /^([A-Z0-9]+) → ([A-Z0-9]+)$/.exec(remark);
      return m ? { kind: 'exchange', from: m[1] ?? '', to: m[2] ?? '' } : null;
    case 'p2p.list':
      m = /^([A-Z0-9]+) @ (\d+(?:\.\d+)?)$/.exec(remark);
      return m ? { kind: 'p2pList', asset: m[1] ?? '', price: m[2] ?? '' } : null;
    case 'p2p.buy':
      m = /^([A-Z0-9]+) listing (\d+)$/.exec(remark);
      return m ? { kind: 'p2pTrade', asset: m[1] ?? '', listing: Number(m[2]) } : null;
    case 'deposit':
      return /^0x[0-9a-f]{64}$/i.test(remark) ? { kind: 'tx', hash: remark } : null;
    case 'withdrawal':
      return remark.length > 0 && !/\s/.test(remark) ? { kind: 'address', address: remark } : null;
    default:
      return null;
  }
}
