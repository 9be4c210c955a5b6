import type { ResponseData } from '@nexa/contract';
import { Alert, Card, Col, Descriptions, Row, Skeleton, Switch, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { failureText, useConsole } from '../console';
import { Amount } from '../ui/format';
import { ScreenTitle } from '../ui/screen';

type State = ResponseData<'/admin/market/state'>;
type InstrumentRow = State['list'][number];

/** How often the screen asks again, while refreshing is on. */
const REFRESH_MS = 3000;
/** A reference price older than this is stale. */
const STALE_MS = 60_000;

const SOURCES: Record<string, string> = {
  sim: 'built-in simulated walk',
  okx: "OKX's public feed",
  off: 'none (prices do not move)',
};

function age(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 1000) return `${ms} ms`;
  if (ms < 120_000) return `${Math.round(ms / 1000)} s`;
  return `${Math.round(ms / 60_000)} min`;
}

/** The reference has not moved for a while (or never did): its feed may be down. */
const stale = (r: InstrumentRow) => r.reference.age_ms === null || r.reference.age_ms > STALE_MS;

function spread(r: InstrumentRow): string {
  if (!r.best_bid || !r.best_ask) return '—';
  const bid = Number(r.best_bid);
  const ask = Number(r.best_ask);
  if (!(bid > 0)) return '—';
  return `${(((ask - bid) / bid) * 100).toFixed(3)}%`;
}

/** The markets as they run: reference prices and their age, the books' best prices and depth, the market maker. */
export default function MarketStateScreen() {
  const [auto, setAuto] = useState(true);
  const { state, error, at } = useMarketState(auto);

  return (
    <>
      <ScreenTitle
        title="Market state"
        note={`Every instrument's reference price and book, refreshed every ${REFRESH_MS / 1000} seconds.`}
        extra={
          <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
            <Switch checked={auto} onChange={setAuto} size="small" /> Auto refresh
            <Typography.Text type="secondary">
              {at ? `· ${at.toLocaleTimeString('en-GB')}` : ''}
            </Typography.Text>
          </span>
        }
      />
      {error ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          message="The market state could not be loaded"
          description={error}
        />
      ) : null}
      {!state ? (
        error ? null : (
          <Skeleton active paragraph={{ rows: 8 }} />
        )
      ) : (
        <>
          <Row gutter={12} style={{ marginBottom: 12 }}>
            <Col span={8}>
              <SourceCard state={state} />
            </Col>
            <Col span={16}>
              <MakerCard maker={state.maker} />
            </Col>
          </Row>
          <InstrumentsTable state={state} />
        </>
      )}
    </>
  );
}

/** The market state, asked again every REFRESH_MS while `auto` is on; when it last came, and why it did not. */
function useMarketState(auto: boolean) {
  const { call } = useConsole();
  const [state, setState] = useState<State | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [at, setAt] = useState<Date | null>(null);

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      try {
        const s = await call('/admin/market/state', {});
        if (!live) return;
        setState(s);
        setError(null);
        setAt(new Date());
      } catch (e) {
        if (live) setError(failureText(e));
      }
      if (live && auto) timer = setTimeout(tick, REFRESH_MS);
    };
    void tick();
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
  }, [call, auto]);

  return { state, error, at };
}

/** Where the reference prices come from, and how many instruments are on. */
function SourceCard({ state }: { state: State }) {
  return (
    <Card size="small" title="Reference prices" style={{ height: '100%' }}>
      <Descriptions size="small" column={1}>
        <Descriptions.Item label="Source">
          <Tag color={state.source === 'off' ? 'red' : 'blue'} data-testid="market-source">
            {state.source}
          </Tag>
          {SOURCES[state.source] ?? ''}
        </Descriptions.Item>
        <Descriptions.Item label="Instruments">
          {state.list.length} ({state.list.filter((r) => r.enabled).length} enabled)
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

/** The market maker: running or not, its account, its resting orders and balances. */
function MakerCard({ maker }: { maker: State['maker'] }) {
  return (
    <Card
      size="small"
      title="Market maker"
      style={{ height: '100%' }}
      extra={
        maker.running ? (
          <Tag color="green" data-testid="maker-state">
            running
          </Tag>
        ) : (
          <Tag color="default" data-testid="maker-state">
            stopped
          </Tag>
        )
      }
    >
      <Descriptions size="small" column={2} style={{ marginBottom: 8 }}>
        <Descriptions.Item label="Account UID">{maker.uid ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Resting orders">{maker.orders}</Descriptions.Item>
      </Descriptions>
      {maker.balances.length > 0 ? (
        <Table
          size="small"
          pagination={false}
          rowKey={(b) => `${b.account}:${b.asset}`}
          dataSource={maker.balances}
          columns={[
            { title: 'Account', dataIndex: 'account' },
            { title: 'Asset', dataIndex: 'asset' },
            {
              title: 'Available',
              align: 'right',
              render: (_, b) => <Amount value={b.available} />,
            },
            { title: 'Frozen', align: 'right', render: (_, b) => <Amount value={b.frozen} /> },
          ]}
        />
      ) : null}
    </Card>
  );
}

/** Every instrument: its reference price and age (stale ones in red while a feed runs) and its book. */
function InstrumentsTable({ state }: { state: State }) {
  const staleNow = (r: InstrumentRow) => state.source !== 'off' && stale(r);
  return (
    <Table<InstrumentRow>
      size="small"
      bordered
      pagination={false}
      rowKey="instId"
      dataSource={state.list}
      data-testid="market-table"
      rowClassName={(r) => (r.enabled && staleNow(r) ? 'row-danger' : '')}
      scroll={{ x: 'max-content' }}
      columns={[
        {
          title: 'Instrument',
          dataIndex: 'instId',
          render: (t: string) => <Typography.Text strong>{t}</Typography.Text>,
        },
        { title: 'Type', dataIndex: 'inst_type' },
        {
          title: 'Enabled',
          render: (_, r) => (r.enabled ? <Tag color="green">on</Tag> : <Tag color="default">off</Tag>),
        },
        { title: 'Reference', render: (_, r) => <span className="mono">{r.reference.instId}</span> },
        {
          title: 'Last price',
          align: 'right',
          render: (_, r) => <Amount value={r.reference.price ?? '—'} />,
        },
        {
          title: 'Age',
          align: 'right',
          render: (_, r) => (
            <Typography.Text type={staleNow(r) ? 'danger' : undefined}>
              {age(r.reference.age_ms)}
            </Typography.Text>
          ),
        },
        { title: 'Best bid', align: 'right', render: (_, r) => <Amount value={r.best_bid ?? '—'} /> },
        { title: 'Best ask', align: 'right', render: (_, r) => <Amount value={r.best_ask ?? '—'} /> },
        { title: 'Spread', align: 'right', render: (_, r) => spread(r) },
        {
          title: 'Bid levels / orders',
          align: 'right',
          render: (_, r) => `${r.bid_levels} / ${r.bid_orders}`,
        },
        {
          title: 'Ask levels / orders',
          align: 'right',
          render: (_, r) => `${r.ask_levels} / ${r.ask_orders}`,
        },
        { title: 'Maker orders', align: 'right', dataIndex: 'maker_orders' },
      ]}
    />
  );
}
