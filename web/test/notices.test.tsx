// @vitest-environment jsdom
import type { LiveNoticePush, Notice } from '@nexa/contract';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { notificationsRoutes } from '../src/features/notifications';
import { noticeParams } from '../src/features/notifications/notice-text';
import { initI18n } from '../src/i18n';
import { MarketStore } from '../src/live/market-store';
import { signIn } from '../src/session';
import { badgeText, NoticeBell } from '../src/ui/notice-bell';
import { App, answers, asked, ok, resetApi, stubBrowser } from './screen-harness';

/*
 * The bell and the notifications list as a user meets them: the unread count on the bell, rising when a
 * notice arrives on the live feed; the list with unread ones marked, in the reader's words; a tap marks one
 * read; the empty state.
 */

// The calls go to this fake server, answered by path.
vi.mock('../src/api/index', async (original) =>
  (await import('./screen-harness')).fakeApiModule(await original<object>()),
);
vi.mock('../src/api/meta', async () => (await import('./screen-harness')).fakeMetaModule());
// The live feed without a socket: the test hands pushes to its store.
const live = { store: new MarketStore({ onResync: () => {} }), held: [] as string[] };
vi.mock('../src/live/index', () => ({
  getLive: () => live,
  holdChannel: (arg: { channel: string }) => {
    live.held.push(arg.channel);
    return () => {};
  },
}));

beforeAll(async () => {
  stubBrowser();
  await initI18n();
  signIn('tok_test', '0x0000000000000000000000000000000000000001');
});
beforeEach(() => {
  resetApi();
  answers.set('/v1/basic/currencyList', () =>
    ok([
      { symbol: 'USDT', name: 'Tether USD', scale: 6, display_precision: 2, kind: 'trading', enabled: true },
    ]),
  );
});
afterEach(cleanup);

const notice = (id: number, extra: Partial<Notice> = {}): Notice => ({
  id,
  kind: 'deposit_credited',
  params: { asset: 'USDT', amount: '1234.5' },
  created_at: '2026-11-29T08:00:00.000Z',
  read_at: null,
  ...extra,
});
describe('the bell', () => {
  it('shows the unread count and follows the live feed', async () => {
    let unread = 2;
    answers.set('/api/notice/unread', () => ok({ count: unread }));
    render(
      <App>
        <NoticeBell />
      </App>,
    );
    expect((await screen.findByTestId('notice-badge')).textContent).toBe('2');
    expect(screen.getByRole('link').getAttribute('aria-label')).toBe('Notifications, 2 unread');
    expect(live.held).toContain('notices');
    // A notice arrives while the app is open: the count is asked again and rises.
    unread = 3;
    const push: LiveNoticePush = {
      arg: { channel: 'notices' },
      action: 'update',
      data: [{ ...notice(9), params: { asset: 'USDT', amount: '1' } }],
    };
    act(() => live.store.handle(push));
    await waitFor(() => expect(screen.getByTestId('notice-badge').textContent).toBe('3'));
  });

  it('shows no badge with nothing unread, and "99+" past 99', async () => {
    answers.set('/api/notice/unread', () => ok({ count: 0 }));
    render(
      <App>
        <NoticeBell />
      </App>,
    );
    await waitFor(() => expect(asked.some((a) => a.path === '/api/notice/unread')).toBe(true));
    expect(screen.queryByTestId('notice-badge')).toBeNull();
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(7)).toBe('7');
  });
});

async function renderList() {
  const route = notificationsRoutes[0];
  if (!route) throw new Error('no route');
  const { default: Screen } = await route.load();
  render(
    <App>
      <Screen />
    </App>,
  );
}

describe('the notifications list', () => {
  it('shows each notice in the reader’s words, unread marked; a tap marks it read', async () => {
    const rows = [
      notice(2, {
        kind: 'withdrawal_sent',
        params: { asset: 'USDT', amount: '50', tx_hash: '0xabc', reason: '' },
      }),
      notice(1, { read_at: '2026-11-29T09:00:00.000Z' }),
    ];
    answers.set('/api/notice/list', () => ok({ list: rows, total: 2, unread: 1 }));
    answers.set('/api/notice/unread', () => ok({ count: 1 }));
    answers.set('/api/notice/read', (body) =>
      ok({ ...rows[0], read_at: '2026-11-29T10:00:00.000Z', id: body.id }),
    );
    await renderList();
    // Amounts show once the asset registry has answered.
    await screen.findByText(/50\.00 USDT was sent/);
    const items = screen.getAllByTestId('notice-row');
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).toContain('Withdrawal sent');
    expect(items[0]?.textContent).toContain('50.00 USDT was sent. Transaction hash: 0xabc');
    expect(items[0]?.className).toContain('notice--unread');
    expect(items[1]?.textContent).toContain('1,234.50 USDT has arrived in your spot account.');
    expect(items[1]?.className).not.toContain('notice--unread');
    await userEvent.setup().click(items[0] as HTMLElement);
    await waitFor(() => expect(asked.find((a) => a.path === '/api/notice/read')?.body).toEqual({ id: 2 }));
  });

  it('says so when there is nothing yet', async () => {
    answers.set('/api/notice/list', () => ok({ list: [], total: 0, unread: 0 }));
    await renderList();
    // The empty state with what will show there, and no notice row.
    await screen.findByText('No notifications yet');
    expect(screen.getByText(/verification results and sign-ins from new devices/)).not.toBeNull();
    expect(screen.queryAllByTestId('notice-row')).toHaveLength(0);
  });

  it('names a card event in the reader’s words and marks missing params', () => {
    const p = noticeParams(
      notice(3, { kind: 'card_activity', params: { event: 'declined', amount: '12', merchant: '' } }),
      { amount: (a, s) => `${a}~${s}`, cardEvent: (e) => `<${e}>`, securityChange: (c) => `[${c}]` },
    );
    expect(p).toEqual({ event: '<declined>', amount: '12~USDT', merchant: '–' });
  });

  it('shows a fill’s and a warning’s figures as amounts of their assets', () => {
    const f = {
      amount: (a: string, s: string) => `${a}~${s}`,
      cardEvent: (e: string) => e,
      securityChange: (c: string) => c,
    };
    const fill = { inst: 'ETH-USDT', size: '0.5', price: '3000.5', value: '1500.25' };
    expect(noticeParams(notice(4, { kind: 'large_fill', params: fill }), f)).toEqual({
      inst: 'ETH-USDT',
      size: '0.5~ETH',
      price: '3000.5~USDT',
      value: '1500.25~USDT',
    });
    const warn = { inst: 'BTC-USDT-SWAP', ratio: '81.94', liq: '57201.3' };
    expect(noticeParams(notice(5, { kind: 'liquidation_warning', params: warn }), f)).toEqual({
      ...warn,
      liq: '57201.3~USDT',
    });
  });
});
