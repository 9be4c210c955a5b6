// @vitest-environment jsdom
import type { ApiResponse } from '@nexa/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../src/api/query-client';
import { initI18n } from '../src/i18n';
import { signIn } from '../src/session';
import { AmountField, useAmountField } from '../src/ui/amount-field';
import { PagedList } from '../src/ui/paged-list';
import { SearchBox } from '../src/ui/search-box';
import { ConfirmSheet, PickerSheet } from '../src/ui/sheet';

/*
 * The shared form and list parts, used the way a user uses them: typing, leaving a field, tapping Max,
 * confirming in a sheet, picking from a list, scrolling a list to its end, searching.
 */

// The list calls go to this fake server: one answer per request, in order.
const answers: ((body: Record<string, unknown>) => ApiResponse<unknown> | 'unreachable')[] = [];
const asked: Record<string, unknown>[] = [];
vi.mock('../src/api/index', async (importOriginal) => {
  const original = await importOriginal<typeof import('../src/api/index')>();
  return {
    ...original,
    api: async (_path: string, body: Record<string, unknown>) => {
      asked.push(body);
      const next = answers.shift();
      return next ? next(body) : 'unreachable';
    },
  };
});

// The build derives this table from the contract (a Vite plugin); here it is read from the contract itself.
vi.mock('../src/api/meta', async () => {
  const { endpoints } = await import('@nexa/contract');
  return {
    endpointMeta: (path: keyof typeof endpoints) => {
      const e = endpoints[path];
      return { auth: e.auth, list: e.list, pageSize: e.pageSize };
    },
  };
});

// jsdom has no layout: the list's foot "comes into view" when a test says so.
const watching: IntersectionObserverCallback[] = [];
class FakeIntersectionObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(): void {
    watching.push(this.callback);
  }
  disconnect(): void {
    const i = watching.indexOf(this.callback);
    if (i >= 0) watching.splice(i, 1);
  }
  unobserve(): void {}
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }
}

function scrollToEnd(): void {
  for (const cb of [...watching])
    cb([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
}

beforeAll(async () => {
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: false,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
      }) as unknown as MediaQueryList,
  );
  await initI18n();
  signIn('tok_test', '0x0000000000000000000000000000000000000001');
});

beforeEach(() => {
  answers.length = 0;
  asked.length = 0;
});
afterEach(cleanup);

/** The server's asset registry as `/v1/basic/currencyList` answers it. */
const REGISTRY = [
  { symbol: 'USDT', name: 'Tether USD', scale: 6, display_precision: 2, kind: 'trading', enabled: true },
  { symbol: 'TICKET', name: 'Race ticket', scale: 0, display_precision: 0, kind: 'quota', enabled: false },
];

/** A query client that already holds the registry's answer (as the app has it after its first call). */
function WithRegistry({ children }: { readonly children: ReactNode }): ReactNode {
  const [client] = useState(() => {
    const c = createQueryClient({ toast: () => {}, serverErrorText: () => 'x', retryDelay_ms: 0 });
    c.setQueryData(['api', '/v1/basic/currencyList', '*', {}], REGISTRY);
    return c;
  });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

function AmountOf({
  asset,
  available,
}: {
  readonly asset: string;
  readonly available: string | null;
}): ReactNode {
  const field = useAmountField({
    prompt: 'prompts.withdrawalAmount',
    asset,
    available,
    fee: '1',
    min: '10',
    dailyLimit: '50000',
    dailyLeft: '300',
    tried: false,
  });
  return <AmountField field={field} />;
}

function WithdrawAmount({ available }: { readonly available: string | null }): ReactNode {
  return (
    <WithRegistry>
      <AmountOf asset="USDT" available={available} />
    </WithRegistry>
  );
}

describe('the amount field', () => {
  it('keeps what the user types to the asset’s decimals', async () => {
    const user = userEvent.setup();
    render(<WithdrawAmount available="399" />);
    const input = screen.getByPlaceholderText('Please enter the withdrawal amount');
    await user.type(input, '12.3456789abc');
    expect(input).toHaveProperty('value', '12.345678');
    // Never silently: the field says it cut what went past the asset's decimals.
    expect(screen.getByText('Cut to 6 decimals, the most USDT allows')).toBeTruthy();
  });

  it('takes the decimals from the registry: race tickets are whole', async () => {
    const user = userEvent.setup();
    render(
      <WithRegistry>
        <AmountOf asset="TICKET" available="12" />
      </WithRegistry>,
    );
    expect(screen.getByText(/^Available/).textContent).toBe('Available 12 TICKET');
    const input = screen.getByPlaceholderText('Please enter the withdrawal amount');
    await user.click(screen.getByRole('button', { name: /max/i }));
    expect(input).toHaveProperty('value', '11');
  });

  it('says the minimum once the user leaves a too small amount, not while typing', async () => {
    const user = userEvent.setup();
    render(<WithdrawAmount available="399" />);
    const input = screen.getByPlaceholderText('Please enter the withdrawal amount');
    await user.type(input, '5');
    expect(screen.queryByText('The minimum is 10.00 USDT')).toBeNull();
    await user.tab();
    expect(screen.getByRole('alert').textContent).toBe('The minimum is 10.00 USDT');
  });

  it('Max fills the balance less the fee, capped by what is left today', async () => {
    const user = userEvent.setup();
    render(<WithdrawAmount available="120.5" />);
    expect(screen.getByText(/^Available/).textContent).toBe('Available 120.50 USDT');
    await user.click(screen.getByRole('button', { name: /max/i }));
    expect(screen.getByPlaceholderText('Please enter the withdrawal amount')).toHaveProperty(
      'value',
      '119.5',
    );
  });

  it('refuses more than the balance, and more than what is left of today’s limit', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<WithdrawAmount available="100" />);
    const input = screen.getByPlaceholderText('Please enter the withdrawal amount');
    await user.type(input, '100');
    await user.tab();
    expect(screen.getByRole('alert').textContent).toBe('Insufficient balance');
    unmount();

    render(<WithdrawAmount available="1000" />);
    await user.type(screen.getByPlaceholderText('Please enter the withdrawal amount'), '301');
    await user.tab();
    expect(screen.getByRole('alert').textContent).toBe('Today you can still withdraw up to 300.00 USDT');
  });
});

function Confirming({ onConfirm, busy = false }: { onConfirm: () => void; busy?: boolean }): ReactNode {
  const [open, setOpen] = useState(true);
  return (
    <ConfirmSheet
      visible={open}
      title="Confirm withdrawal"
      rows={[
        { label: 'Fee', value: '1 USDT' },
        { label: 'Total deducted', value: '101 USDT', strong: true },
      ]}
      busy={busy}
      onConfirm={onConfirm}
      onClose={() => setOpen(false)}
    />
  );
}

describe('the confirmation sheet', () => {
  it('shows what will happen and confirms once per tap', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<Confirming onConfirm={onConfirm} />);
    const sheet = await screen.findByRole('region', { name: 'Confirm withdrawal' });
    // Each label with its own value, in the order given.
    const rows = within(sheet)
      .getAllByRole('term')
      .map((dt) => `${dt.textContent}=${dt.nextElementSibling?.textContent}`);
    expect(rows).toEqual(['Fee=1 USDT', 'Total deducted=101 USDT']);
    await user.click(within(sheet).getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('cannot be confirmed again or closed while the call is under way', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<Confirming onConfirm={onConfirm} busy />);
    const sheet = await screen.findByRole('region', { name: 'Confirm withdrawal' });
    const close = within(sheet).getByRole('button', { name: 'Close' });
    const confirm = within(sheet)
      .getAllByRole('button')
      .find((b) => b !== close);
    expect(confirm).toHaveProperty('disabled', true);
    await user.click(close);
    expect(screen.queryByRole('region', { name: 'Confirm withdrawal' })).not.toBeNull();
  });

  it('closes with its close button when idle', async () => {
    const user = userEvent.setup();
    render(<Confirming onConfirm={() => {}} />);
    const sheet = await screen.findByRole('region', { name: 'Confirm withdrawal' });
    await user.click(within(sheet).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('Total deducted')).toBeNull());
  });
});

describe('the picker sheet', () => {
  it('marks the current choice and hands back the one tapped', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    render(
      <PickerSheet
        visible
        title="From"
        value="spot"
        options={[
          { value: 'spot', label: 'Spot' },
          { value: 'futures', label: 'Futures' },
          { value: 'card', label: 'Card', disabled: true },
        ]}
        onPick={onPick}
        onClose={() => {}}
      />,
    );
    const list = await screen.findByRole('listbox', { name: 'From' });
    expect(within(list).getByRole('option', { name: 'Spot' }).getAttribute('aria-selected')).toBe('true');
    await user.click(within(list).getByRole('option', { name: 'Card' }));
    expect(onPick).not.toHaveBeenCalled();
    await user.click(within(list).getByRole('option', { name: 'Futures' }));
    expect(onPick).toHaveBeenCalledWith('futures');
  });
});

type Row = { id: number; title: string };
const page = (rows: Row[], total: number) => () =>
  ({ code: 200, msg: 'ok', data: { list: rows, total } }) as ApiResponse<unknown>;
const rows = (from: number, n: number): Row[] =>
  Array.from({ length: n }, (_, i) => ({ id: from + i, title: `Record ${from + i}` }));

function List(): ReactNode {
  const [client] = useState(() =>
    createQueryClient({ toast: () => {}, serverErrorText: () => 'x', retryDelay_ms: 0 }),
  );
  return (
    <QueryClientProvider client={client}>
      <PagedList
        path="/api/transfer/transferList"
        filters={{}}
        pullToRefresh={false}
        emptyTitle="No transfers yet"
        itemKey={(item) => (item as unknown as Row).id}
        renderItem={(item) => <p>{(item as unknown as Row).title}</p>}
      />
    </QueryClientProvider>
  );
}

describe('the record list', () => {
  it('shows the first page, then the next one when scrolled to the end, then says there is no more', async () => {
    answers.push(page(rows(1, 10), 12), page(rows(11, 2), 12));
    render(<List />);
    await screen.findByText('Record 1');
    expect(screen.getAllByText(/^Record \d+$/)).toHaveLength(10);
    expect(screen.queryByText('Record 11')).toBeNull();
    act(scrollToEnd);
    await screen.findByText('Record 12');
    expect(screen.getAllByText(/^Record \d+$/).map((e) => e.textContent)).toEqual(
      Array.from({ length: 12 }, (_, i) => `Record ${i + 1}`),
    );
    expect(screen.queryByText('You have reached the end')).not.toBeNull();
    expect(asked.map((b) => b.page)).toEqual([1, 2]);
  });

  it('shows its empty state when there is nothing', async () => {
    answers.push(page([], 0));
    render(<List />);
    await screen.findByText('No transfers yet');
    expect(screen.queryAllByText(/^Record \d+$/)).toHaveLength(0);
  });

  it('after a lost network, offers a retry that brings the list', async () => {
    const user = userEvent.setup();
    answers.push(...Array.from({ length: 4 }, () => () => 'unreachable' as const), page(rows(1, 3), 3));
    render(<List />);
    await user.click(await screen.findByRole('button', { name: /retry/i }));
    await screen.findByText('Record 3');
    expect(screen.getAllByText(/^Record \d+$/)).toHaveLength(3);
    expect(screen.queryByRole('button', { name: /retry/i })).toBeNull();
  });
});

function Search({ onChange }: { readonly onChange?: (value: string) => void }): ReactNode {
  const [query, setQuery] = useState('');
  return (
    <SearchBox
      id="q"
      label="Search"
      clearLabel="Clear search"
      value={query}
      onChange={(v) => {
        setQuery(v);
        onChange?.(v);
      }}
      maxLength={5}
      data-testid="search"
    />
  );
}

describe('the search box', () => {
  it('is named by its label, takes what is typed, and hands the input its own attributes', async () => {
    const user = userEvent.setup();
    const typed: string[] = [];
    render(<Search onChange={(v) => typed.push(v)} />);
    const input = screen.getByRole('searchbox', { name: 'Search' });
    expect(input).toHaveProperty('placeholder', 'Search');
    expect(screen.getByTestId('search')).toBe(input);
    await user.type(input, 'BTC-USDT');
    expect(input).toHaveProperty('value', 'BTC-U');
    expect(typed.at(-1)).toBe('BTC-U');
  });

  it('offers a clear button only once something is typed, and clearing empties it', async () => {
    const user = userEvent.setup();
    render(<Search />);
    expect(screen.queryByRole('button', { name: 'Clear search' })).toBeNull();
    const input = screen.getByRole('searchbox', { name: 'Search' });
    await user.type(input, 'eth');
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(input).toHaveProperty('value', '');
    expect(screen.queryByRole('button', { name: 'Clear search' })).toBeNull();
  });
});
