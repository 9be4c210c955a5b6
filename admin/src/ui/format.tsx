import { Tag, Typography } from 'antd';

/** A time as the operator reads it: local date and time to the second. */
export function when(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** A time as a local date-time field (`datetime-local`) shows it; empty when there is none. */
export function localOf(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** A local date-time field's text as an ISO time; null for an empty or unreadable one. */
export function isoOf(local: string): string | null {
  if (!local) return null;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

const STATUS_COLORS: Record<string, string> = {
  pending: 'gold',
  requested: 'gold',
  first_approved: 'blue',
  sending: 'blue',
  queued: 'gold',
  approved: 'green',
  active: 'green',
  on_sale: 'green',
  open: 'green',
  sent: 'cyan',
  completed: 'green',
  paid: 'green',
  listed: 'green',
  failed: 'red',
  rejected: 'red',
  send_failed: 'red',
  suspended: 'red',
  closed: 'default',
  paused: 'orange',
  taken_down: 'red',
};

export function StatusTag({ status }: { status: string }) {
  return <Tag color={STATUS_COLORS[status] ?? 'default'}>{status.replace(/_/g, ' ')}</Tag>;
}

/** An amount in a monospaced face, with its asset, right where tables align it. */
export function Amount({ value, asset, danger }: { value: string; asset?: string; danger?: boolean }) {
  return (
    <Typography.Text type={danger ? 'danger' : undefined} className="amount">
      {value}
      {asset ? <span className="amount__asset"> {asset}</span> : null}
    </Typography.Text>
  );
}

/** An address or hash: monospaced, copyable, shortened in the middle where long. */
export function Mono({ text, short = false }: { text: string | null; short?: boolean }) {
  if (!text) return <>—</>;
  const shown = short && text.length > 18 ? `${text.slice(0, 8)}…${text.slice(-6)}` : text;
  return (
    <Typography.Text className="mono" copyable={{ text }} title={text}>
      {shown}
    </Typography.Text>
  );
}

/** A signed amount: green when it adds, red when it takes. */
export function Signed({ value }: { value: string }) {
  const negative = value.startsWith('-');
  return (
    <Typography.Text className="amount" type={negative ? 'danger' : 'success'}>
      {negative ? value : `+${value}`}
    </Typography.Text>
  );
}
