// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { walletRoutes } from '../src/features/wallet';
import { initI18n } from '../src/i18n';
import { clearSession, signIn } from '../src/session';
import { App, answers, asked, ok, resetApi, stubBrowser } from './screen-harness';

/*
 * The monthly statement as a user meets it: this month in the device's time zone, each account's figures (a
 * zero without a sign), an earlier month picked, the CSV saved as a file, and a month with nothing in it.
 */

vi.mock('../src/api/index', async (original) =>
  (await import('./screen-harness')).fakeApiModule(await original<object>()),
);
vi.mock('../src/api/meta', async () => (await import('./screen-harness')).fakeMetaModule());

const ACCOUNTS = [
  { asset: 'USDT', account: 'spot', opening: '10', credits: '5000', debits: '0', closing: '5010' },
];

beforeAll(async () => {
  stubBrowser();
  await initI18n();
});
beforeEach(() => {
  resetApi();
  localStorage.clear();
  clearSession();
  signIn('token-1', '0xabc');
  answers.set('/v1/basic/currencyList', () =>
    ok([{ symbol: 'USDT', name: 'Tether', scale: 6, display_precision: 2, kind: 'trading', enabled: true }]),
  );
  answers.set('/api/records/statement', (b) =>
    ok({
      month: b.month,
      tz: b.tz,
      from: '',
      to: '',
      accounts: b.month === months()[0] ? ACCOUNTS : [],
      lines: b.month === months()[0] ? 2 : 0,
    }),
  );
  answers.set('/api/records/statementCsv', (b) =>
    ok({ file_name: `statement-${b.month}.csv`, csv: '\uFEFFTime\r\n', rows: 2, truncated: false }),
  );
});
afterEach(cleanup);

function months(): string[] {
  const now = new Date();
  return [0, 1].map((i) => {
    const d = new Date(now.getFullYear(), now.getMonth() - i, 1);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
  });
}

async function showStatement(): Promise<void> {
  const route = walletRoutes.find((r) => r.name === 'statement');
  if (!route) throw new Error('no statement route');
  const { default: Screen } = await route.load();
  render(
    <App>
      <Screen />
    </App>,
  );
}

describe('the monthly statement', () => {
  it('shows this month in the device’s zone, saves its CSV, and says when a month has nothing', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    await showStatement();
    await screen.findByTestId('statement-account');
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(asked.find((a) => a.path === '/api/records/statement')?.body).toEqual({
      month: months()[0],
      tz: zone,
    });
    const card = screen.getByTestId('statement-account');
    await waitFor(() => expect(card.textContent).toContain('Opening balance10.00'));
    expect(card.textContent).toContain('In+5,000.00');
    // Nothing went out: a zero, without a minus.
    expect(card.textContent).toContain('Out0.00');
    expect(screen.getByTestId('statement-lines').textContent).toBe('Balance changes this month: 2');

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toEqual([`statement-${months()[0]}.csv`]));

    // The month before: nothing in it.
    await user.click(screen.getByRole('button', { name: new RegExp(String(new Date().getFullYear())) }));
    const previous = new Intl.DateTimeFormat('en', { year: 'numeric', month: 'long' }).format(
      new Date(new Date().getFullYear(), new Date().getMonth() - 1, 1),
    );
    await user.click(await screen.findByText(previous));
    await screen.findByText('Nothing this month');
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
    click.mockRestore();
  });
});
