import type { LiveOrderData } from '@nexa/contract';
import type { QueryClient } from '@tanstack/react-query';

/** Statuses of a closed order (spec section 4); new and partial_filled are open. */
const CLOSED = new Set(['filled', 'canceled']);

/** The order an update is about: `trade_id` (ours) or `ordId` (OKX's name). */
export function updateOrderId(update: LiveOrderData): string | undefined {
  const id = update.trade_id ?? update.ordId;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

/** The status an update carries: `status` (ours) or `state` (OKX's name); undefined for a mark-price update. */
export function updateStatus(update: LiveOrderData): string | undefined {
  const s = (update as { status?: unknown }).status ?? update.state;
  return typeof s === 'string' ? s : undefined;
}

export function isClosedUpdate(update: LiveOrderData): boolean {
  const status = updateStatus(update);
  return status !== undefined && CLOSED.has(status);
}

/**
 * The open-order list after a live update: a closed order leaves it; otherwise the order takes the
 * fields the update carries that it has (a mark-price update changes upl, upl_ratio and mark_px).
 * The same array comes back when nothing changed.
 */
export function patchOpenOrders<T extends { readonly trade_id: string }>(
  list: readonly T[],
  update: LiveOrderData,
): readonly T[] {
  const id = updateOrderId(update);
  if (!id) return list;
  if (isClosedUpdate(update)) {
    const kept = list.filter((o) => o.trade_id !== id);
    return kept.length === list.length ? list : kept;
  }
  let changed = false;
  const next = list.map((o) => {
    if (o.trade_id !== id) return o;
    const patch: Record<string, unknown> = {};
    for (const key of Object.keys(o)) {
      const value = (update as Record<string, unknown>)[key];
      if (key === 'trade_id' || value === undefined) continue;
      if ((o as Record<string, unknown>)[key] !== value) patch[key] = value;
    }
    if (Object.keys(patch).length === 0) return o;
    changed = true;
    return { ...o, ...patch } as T;
  });
  return changed ? next : list;
}

/** The same for the pages of an infinite query (`{pages: [{list, total}], pageParams}`). */
export function patchOpenPages<T extends { readonly trade_id: string }>(
  data: { readonly pages: readonly { readonly list: readonly T[]; readonly total: number }[] } | undefined,
  update: LiveOrderData,
): typeof data {
  if (!data) return data;
  let changed = false;
  const pages = data.pages.map((page) => {
    const list = patchOpenOrders(page.list, update);
    if (list === page.list) return page;
    changed = true;
    return { ...page, list: [...list], total: page.total - (page.list.length - list.length) };
  });
  return changed ? { ...data, pages } : data;
}

type OrderRow = { readonly trade_id: string };
type Pages = { readonly pages: readonly { readonly list: readonly OrderRow[]; readonly total: number }[] };

/** Whether a cached list query (`['api', path, lang, filters, 'pages']`) holds open orders. */
function holdsOpenOrders(key: readonly unknown[]): boolean {
  if (key[4] !== 'pages') return false;
  const filters = (key[3] ?? {}) as { state?: unknown; status?: unknown };
  if (key[1] === '/v1/order/meTradeList') return filters.state === undefined || filters.state === 'open';
  if (key[1] === '/v1/order/list') return Number(filters.status) === 1;
  return false;
}

/** Applies an order push to the cached open-order lists at once (a closed order leaves them). */
export function applyOrderPush(queryClient: QueryClient, update: LiveOrderData): void {
  for (const path of ['/v1/order/meTradeList', '/v1/order/list'] as const) {
    for (const [key, data] of queryClient.getQueriesData<Pages>({ queryKey: ['api', path] })) {
      if (!holdsOpenOrders(key)) continue;
      const next = patchOpenPages(data, update);
      if (next !== data) queryClient.setQueryData(key, next);
    }
  }
}
