// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { marketsRoutes } from '../src/features/markets';
import { parseFavorites, withFavorite } from '../src/features/markets/favorites';
import { searchMarkets, tabRows } from '../src/features/markets/market-list';
import { initI18n } from '../src/i18n';
import type { MarketRow } from '../src/lib/market-data';
import { MarketStore } from '../src/live/market-store';
import { clearSession, signIn } from '../src/session';
import { App, answers, asked, ok, resetApi, stubBrowser } from './screen-harness';

/*
 * Markets' favourites and search: the pure rules (the stored list read defensively, starring, search by pair
 * or coin name, the Favourites tab), then the screen as a user meets it signed out (this browser keeps the
 * stars) and signed in (the account keeps them; stars kept signed out move to it).
 */

vi.mock('../src/api/index', async (original) =>
  (await import('./screen-harness')).fakeApiModule(await original<object>()),
);
vi.mock('../src/api/meta', async () => (await import('./screen-harness')).fakeMetaModule());
const live = { store: new MarketStore({ onResync: () => {} }) };
vi.mock('../src/live/index', () => ({
  getLive: () => live,
  holdChannel: () => () => {},
}));

const row = (instId: string, last = '1'): MarketRow => {
  const [base = '', quote = ''] = instId.split('-');
  return {
    instId,
    base,
    quote,
    last,
    changePct: '1.5',
    open24h: null,
    high24h: null,
    low24h: null,
    vol24h: '10',
    turnover: '10',
    priceDecimals: 2,
  };
};
const NAMES = new Map([
  ['BTC', 'Bitcoin'],
  ['SOL', 'Solana'],
  ['DOGE', 'Dogecoin'],
]);

describe('favourites and search, the rules', () => {
  it('reads a stored list defensively: instrument ids only, each once', () => {
    expect(parseFavorites(null)).toEqual([]);
    expect(parseFavorites('not json')).toEqual([]);
    expect(parseFavorites('{"a":1}')).toEqual([]);
    expect(parseFavorites('["BTC-USDT", 5, "BTC-USDT", "<img>", "SOL-USDT-SWAP"]')).toEqual([
      'BTC-USDT',
      'SOL-USDT-SWAP',
    ]);
    const many = JSON.stringify(Array.from({ length: 300 }, (_, i) => `C${i}-USDT`));
    expect(parseFavorites(many)).toHaveLength(100);
  });

  it('stars at the end, unstars, and a repeat changes nothing', () => {
    const a = withFavorite([], 'SOL-USDT', true);
    const b = withFavorite(a, 'BTC-USDT', true);
    expect(withFavorite(b, 'SOL-USDT', true)).toEqual(['BTC-USDT', 'SOL-USDT']);
    expect(withFavorite(b, 'SOL-USDT', false)).toEqual(['BTC-USDT']);
    expect(withFavorite(b, 'XRP-USDT', false)).toEqual(b);
  });

  it("searches by pair and by the coin's name, case-insensitive", () => {
    const rows = ['BTC-USDT', 'SOL-USDT', 'DOGE-USDT'].map((id) => row(id));
    const ids = (q: string) => searchMarkets(rows, q, NAMES).map((r) => r.instId);
    expect(ids('')).toEqual(['BTC-USDT', 'SOL-USDT', 'DOGE-USDT']);
    expect(ids('sol')).toEqual(['SOL-USDT']);
    expect(ids('bitcoin')).toEqual(['BTC-USDT']);
    expect(ids('  COIN ')).toEqual(['BTC-USDT', 'DOGE-USDT']);
    expect(ids('doge/usdt')).toEqual(['DOGE-USDT']);
    expect(ids('zzz')).toEqual([]);
  });

  it('the Favourites tab keeps the starred order and skips what the server no longer lists', () => {
    const rows = ['BTC-USDT', 'SOL-USDT', 'DOGE-USDT'].map((id) => row(id));
    expect(tabRows(rows, 'all', ['SOL-USDT']).map((r) => r.instId)).toHaveLength(3);
    expect(tabRows(rows, 'favorites', ['DOGE-USDT', 'GONE-USDT', 'BTC-USDT']).map((r) => r.instId)).toEqual([
      'DOGE-USDT',
      'BTC-USDT',
    ]);
  });
});

beforeAll(async () => {
  stubBrowser();
  await initI18n();
});
beforeEach(() => {
  resetApi();
  localStorage.clear();
  clearSession();
  const ticker = (instId: string, last: string) => ({
    instId,
    last,
    open24h: last,
    high24h: last,
    low24h: last,
    vol24h: '100',
    change_percent: '0',
    ts: 0,
  });
  answers.set('/v1/market/tickers', () =>
    ok({ list: [ticker('BTC-USDT', '65000'), ticker('SOL-USDT', '150'), ticker('DOGE-USDT', '0.15')] }),
  );
  answers.set('/v1/market/instruments', () => ok({ list: [] }));
  answers.set('/v1/market/source', () => ok({ source: 'sim' }));
  answers.set('/v1/basic/currencyList', () =>
    ok(
      [...NAMES].map(([symbol, name]) => ({
        symbol,
        name,
        scale: 8,
        display_precision: 4,
        kind: 'trading',
        enabled: true,
      })),
    ),
  );
});
afterEach(cleanup);

async function showMarkets(): Promise<void> {
  const route = marketsRoutes[0];
  if (!route) throw new Error('no markets route');
  const { default: Screen } = await route.load();
  render(
    <App>
      <Screen />
    </App>,
  );
  await screen.findByRole('button', { name: 'Add SOL/USDT to favorites' });
}

const pairs = () => Array.from(document.querySelectorAll('.mrow .pair__base')).map((e) => e.textContent);

describe('the Markets screen', () => {
  it('signed out: stars kept in this browser, the Favourites tab, its empty state, search by name', async () => {
    const user = userEvent.setup();
    await showMarkets();
    await user.click(screen.getByRole('tab', { name: 'Favorites' }));
    // The empty state, and no market row under it.
    await screen.findByText('No favorites yet');
    expect(pairs()).toEqual([]);
    await user.click(screen.getByRole('tab', { name: 'All' }));
    await user.click(screen.getByRole('button', { name: 'Add SOL/USDT to favorites' }));
    expect(
      screen.getByRole('button', { name: 'Remove SOL/USDT from favorites' }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(JSON.parse(localStorage.getItem('favorites') ?? '[]')).toEqual(['SOL-USDT']);
    await user.click(screen.getByRole('tab', { name: 'Favorites' }));
    expect(pairs()).toEqual(['SOL']);
    await user.click(screen.getByRole('tab', { name: 'All' }));
    await user.type(screen.getByRole('searchbox'), 'dogecoin');
    await waitFor(() => expect(pairs()).toEqual(['DOGE']));
    expect(asked.some((a) => a.path.startsWith('/v1/market/setFavorite'))).toBe(false);
  });

  it("signed in: the account's list, a star saved to it, and stars kept signed out moved to it", async () => {
    localStorage.setItem('favorites', JSON.stringify(['DOGE-USDT']));
    signIn('tok_test', '0x0000000000000000000000000000000000000001');
    let saved = ['BTC-USDT'];
    answers.set('/v1/market/favorites', () => ok({ list: saved }));
    answers.set('/v1/market/setFavorite', (body) => {
      const { instId, on } = body as { instId: string; on: boolean };
      saved = on ? [...saved.filter((i) => i !== instId), instId] : saved.filter((i) => i !== instId);
      return ok({ list: saved });
    });
    const user = userEvent.setup();
    await showMarkets();
    // The browser's star went to the account, and the browser forgot it.
    await waitFor(() => expect(saved).toEqual(['BTC-USDT', 'DOGE-USDT']));
    await waitFor(() => expect(localStorage.getItem('favorites')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Add SOL/USDT to favorites' }));
    await waitFor(() => expect(saved).toEqual(['BTC-USDT', 'DOGE-USDT', 'SOL-USDT']));
    await user.click(screen.getByRole('tab', { name: 'Favorites' }));
    await waitFor(() => expect(pairs()).toEqual(['BTC', 'DOGE', 'SOL']));
    const list = document.querySelector('.mlist') as HTMLElement;
    await user.click(within(list).getByRole('button', { name: 'Remove BTC/USDT from favorites' }));
    await waitFor(() => expect(pairs()).toEqual(['DOGE', 'SOL']));
    expect(saved).toEqual(['DOGE-USDT', 'SOL-USDT']);
  });
});
