import { ReloadOutlined } from '@ant-design/icons';
import type { ResponseData } from '@nexa/contract';
import { Alert, Button, Card, Col, Row, Skeleton, Statistic, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useConsole } from '../console';
import { when } from '../ui/format';
import { ScreenTitle } from '../ui/screen';
import { HotWallets } from './hot-wallets';
import { useLoad } from './programs/common';
import { SolvencyPanels } from './solvency-panels';
import '../ui/screens.css';

type Today = ResponseData<'/admin/dashboard'>;
type Figure = Today['figures'][number];
type Queue = Today['queues'][number];

/** The day's figures in the order the dashboard shows them. */
const FIGURES: readonly { key: string; label: string; money: boolean }[] = [
  { key: 'deposits', label: 'Deposits', money: true },
  { key: 'withdrawals', label: 'Withdrawals', money: true },
  { key: 'signups', label: 'Sign-ups', money: false },
  { key: 'spot_volume', label: 'Spot volume', money: true },
  { key: 'spot_fees', label: 'Spot fees', money: true },
  { key: 'futures_volume', label: 'Futures volume', money: true },
  { key: 'futures_fees', label: 'Futures fees', money: true },
];

/** Each open queue's words and the screen that works it. */
const QUEUES: Record<string, { label: string; screen: string }> = {
  deposits: { label: 'Deposits to confirm', screen: '/deposits' },
  withdrawals: { label: 'Withdrawals to approve', screen: '/withdrawals' },
  kyc: { label: 'Identity to review', screen: '/reviews/identity' },
  merchants: { label: 'Merchants to review', screen: '/reviews/merchants' },
  products: { label: 'Products to review', screen: '/reviews/products' },
  claims_dry: { label: 'Claims waiting on a dry pool', screen: '/programs?tab=insurance' },
  leads: { label: 'Lead-trader applications', screen: '/reviews/leads' },
};
const QUEUE_ORDER = Object.keys(QUEUES);

/** How long something has waited, in the largest unit that fits. */
export function waited(sinceIso: string | null, now: number): string {
  if (!sinceIso) return '';
  const ms = Math.max(0, now - Date.parse(sinceIso));
  const min = Math.floor(ms / 60_000);
  if (min < 1) return 'under a minute';
  if (min < 60) return `${min} min`;
  const h = Math.floor(min / 60);
  if (h < 48) return `${h} h ${min % 60} min`;
  return `${Math.floor(h / 24)} days`;
}

function FigureCard({ label, money, rows }: { label: string; money: boolean; rows: readonly Figure[] }) {
  const count = rows.reduce((n, f) => n + f.count, 0);
  const amounts = rows.filter((f) => f.amount !== null);
  return (
    <Card size="small" className="stat-card" data-testid={`figure-${label}`}>
      {money && amounts.length > 0 ? (
        <>
          <Statistic
            title={label}
            value={amounts[0]?.amount ?? '0'}
            suffix={<Typography.Text type="secondary">{amounts[0]?.asset}</Typography.Text>}
          />
          {amounts.slice(1).map((f) => (
            <div key={f.asset} className="amount">
              {f.amount} <span className="amount__asset">{f.asset}</span>
            </div>
          ))}
          <Typography.Text type="secondary">
            {count} {label === 'Deposits' || label === 'Withdrawals' ? 'transfers' : 'trades'}
          </Typography.Text>
        </>
      ) : (
        <>
          <Statistic title={label} value={money ? '0' : count} />
          {money ? <Typography.Text type="secondary">none yet</Typography.Text> : null}
        </>
      )}
    </Card>
  );
}

function QueueCard({ q, now, open }: { q: Queue; now: number; open: (() => void) | null }) {
  const words = QUEUES[q.key] ?? { label: q.key, screen: '' };
  const age = waited(q.oldest, now);
  return (
    <Card
      size="small"
      hoverable={open !== null}
      className={open ? 'queue-card' : undefined}
      onClick={open ?? undefined}
      tabIndex={open ? 0 : undefined}
      onKeyDown={(e) => {
        if (open && e.key === 'Enter') open();
      }}
      data-testid={`queue-${q.key}`}
    >
      <Statistic
        title={words.label}
        value={q.count}
        valueStyle={{ color: q.count > 0 ? '#d46b08' : undefined }}
      />
      <Typography.Text type={q.count > 0 ? 'warning' : 'secondary'}>
        {q.count > 0 && age ? `oldest waits ${age}` : 'nothing waiting'}
      </Typography.Text>
    </Card>
  );
}

/**
 * The dashboard: the day so far (deposits, withdrawals, sign-ups, volume and fees), the open queues with how
 * long the oldest waits (each opens its screen), each paying network's hot wallet (a low one flagged),
 * solvency per asset and the program pools (short in red).
 */
export default function OverviewScreen() {
  const { call, mayOpen } = useConsole();
  const navigate = useNavigate();
  const [n, setN] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  // biome-ignore lint/correctness/useExhaustiveDependencies: n asks for the dashboard again
  const loadToday = useCallback(() => call('/admin/dashboard', {}), [call, n]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: n asks for solvency again
  const loadSolvency = useCallback(() => call('/admin/solvency', {}), [call, n]);
  const today = useLoad(loadToday);
  const solvency = useLoad(loadSolvency);

  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(t);
  }, []);

  const opener = (screen: string) => (mayOpen(screen) ? () => navigate(screen) : null);
  const queues = [...(today.data?.queues ?? [])].sort(
    (a, b) => (QUEUE_ORDER.indexOf(a.key) + 1 || 99) - (QUEUE_ORDER.indexOf(b.key) + 1 || 99),
  );

  return (
    <>
      <ScreenTitle
        title="Dashboard"
        note="The day so far, the open queues, solvency and the program pools."
        extra={
          <Button
            icon={<ReloadOutlined />}
            onClick={() => {
              setNow(Date.now());
              setN((x) => x + 1);
            }}
          >
            Reload
          </Button>
        }
      />
      {today.error && !today.data ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message="Today's figures and queues could not be loaded"
          description={today.error}
        />
      ) : null}
      <Card
        size="small"
        title="Today"
        extra={today.data ? `since ${when(today.data.day_start)}` : null}
        style={{ marginBottom: 16 }}
      >
        {!today.data ? (
          <Skeleton active paragraph={{ rows: 2 }} loading={today.loading} />
        ) : (
          <Row gutter={[12, 12]} wrap={false}>
            {FIGURES.map((f) => (
              <Col key={f.key} flex="1 1 0" style={{ minWidth: 0 }}>
                <FigureCard
                  label={f.label}
                  money={f.money}
                  rows={today.data?.figures.filter((x) => x.key === f.key) ?? []}
                />
              </Col>
            ))}
          </Row>
        )}
      </Card>
      <Card size="small" title="Open queues" style={{ marginBottom: 16 }}>
        {!today.data ? (
          <Skeleton active paragraph={{ rows: 2 }} loading={today.loading} />
        ) : (
          <Row gutter={[12, 12]}>
            {queues.map((q) => (
              <Col key={q.key} span={6} xxl={4}>
                <QueueCard q={q} now={now} open={opener(QUEUES[q.key]?.screen ?? '')} />
              </Col>
            ))}
          </Row>
        )}
      </Card>
      {today.data && today.data.hot_wallets.length > 0 ? (
        <Card size="small" title="Hot wallets" style={{ marginBottom: 16 }}>
          <HotWallets list={today.data.hot_wallets} />
        </Card>
      ) : null}
      <SolvencyPanels
        state={{
          loading: solvency.loading && !solvency.data,
          ...(solvency.data ? { data: solvency.data } : {}),
          ...(solvency.error ? { error: solvency.error } : {}),
        }}
      />
    </>
  );
}
