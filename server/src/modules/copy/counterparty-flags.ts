import { formatAmount, parseAmount } from '@nexa/contract';
import { and, eq, gt, gte, isNotNull } from 'drizzle-orm';
import type { AppDeps } from '../../kernel/context';
import { COPY_SETTINGS } from './settings';
import { copyTrades } from './tables';

/*
 * Surveillance of who the followers trade against. A lead with a second account can rest orders where the
 * followers' copies will fill and take their money there (within the copy's price tolerance, a little each
 * time). The signature: over a window, one counterparty account is on the other side of a large share of the
 * contracts the lead's followers filled. Such a lead is flagged to operators (the console's lead view); the
 * flag is a warning for a human, nothing is blocked by it.
 */

/** Who filled a set of taker orders (the futures books' trades, wired by the app). */
export type CounterpartyReader = (
  orderIds: readonly string[],
  since: Date,
) => Promise<readonly { readonly orderId: string; readonly makerUserId: number; readonly size: bigint }[]>;

export interface CounterpartyFlag {
  readonly lead_id: number;
  /** The account on the other side of most of the followers' copied contracts. */
  readonly counterparty_id: number;
  /** Its share of the contracts, 0…1, and the fills and contracts counted. */
  readonly share: string;
  readonly fills: number;
  readonly contracts: string;
  readonly followers: number;
  readonly since: string;
}

export function createCounterpartyFlags(deps: AppDeps & { readonly counterparties?: CounterpartyReader }) {
  const settings = deps.settings.of(COPY_SETTINGS);

  /** Leads (or one lead) whose followers' copied fills concentrate on one counterparty over the window. */
  async function flags(leadId?: number): Promise<CounterpartyFlag[]> {
    const read = deps.counterparties;
    if (!read) return [];
    const cfg = await settings.get('copy.counterparty_flag');
    const since = new Date(deps.clock.now().getTime() - cfg.window_h * 3_600_000);
    const least = parseAmount(cfg.share, 8) ?? 50_000_000n;
    const trades = await deps.store.db
      .select({ orderId: copyTrades.orderId, leadId: copyTrades.leadId, followerId: copyTrades.followerId })
      .from(copyTrades)
      .where(
        and(
          eq(copyTrades.venue, 'platform'),
          isNotNull(copyTrades.orderId),
          gt(copyTrades.filled, 0n),
          gte(copyTrades.createdAt, since),
          leadId === undefined ? undefined : eq(copyTrades.leadId, leadId),
        ),
      );
    const byOrder = new Map(trades.map((t) => [t.orderId as string, t]));
    const fills = await read([...byOrder.keys()], since);
    const perLead = new Map<
      number,
      {
        total: bigint;
        fills: number;
        makers: Map<number, { size: bigint; fills: number; followers: Set<number> }>;
      }
    >();
    for (const f of fills) {
      const t = byOrder.get(f.orderId);
      if (!t) continue;
      const lead = perLead.get(t.leadId) ?? { total: 0n, fills: 0, makers: new Map() };
      lead.total += f.size;
      lead.fills += 1;
      const m = lead.makers.get(f.makerUserId) ?? { size: 0n, fills: 0, followers: new Set<number>() };
      m.size += f.size;
      m.fills += 1;
      m.followers.add(t.followerId);
      lead.makers.set(f.makerUserId, m);
      perLead.set(t.leadId, lead);
    }
    const out: CounterpartyFlag[] = [];
    for (const [lead, s] of perLead) {
      if (s.total === 0n) continue;
      let top: [number, { size: bigint; fills: number; followers: Set<number> }] | null = null;
      for (const e of s.makers) if (!top || e[1].size > top[1].size) top = e;
      if (!top || top[1].fills < cfg.min_fills) continue;
      const share = (top[1].size * 100_000_000n) / s.total;
      if (share < least) continue;
      out.push({
        lead_id: lead,
        counterparty_id: top[0],
        share: formatAmount(share, 8),
        fills: top[1].fills,
        contracts: top[1].size.toString(),
        followers: top[1].followers.size,
        since: since.toISOString(),
      });
    }
    return out.sort((a, b) => a.lead_id - b.lead_id);
  }

  return { flags };
}
