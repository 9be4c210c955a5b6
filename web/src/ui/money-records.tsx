import { formatUpTo, maskAddress } from '@nexa/contract';
import { type ReactNode, useState } from 'react';
import type { PagedItem } from '../api/paging';
import { useTranslation } from '../i18n';
import { Segments } from './form';
import { HashText, Money, RecordRow, StatusTag } from './money';
import { RecordsSection } from './records-section';

/*
 * The record rows of money moves that more than one feature lists (the wallet and the NEU line): an exchange,
 * a transfer to another user (each with its list), a withdrawal. The texts come in the
 * feature's words; fee and reason are the shell's. A `testId` wraps a row in a box that carries it.
 */

/** The exchange logs: the wallet's, and the NEU line's USDT ↔ NEU. */
type ExchangeLogPath = '/api/exchange/getExchangeInfo' | '/api/neu/exchangeList';

/** The lists of transfers: the wallet's, and the NEU line's SPA quota gifts. */
type TransferListPath = '/api/transfer/transferList' | '/api/neu/spaQuotaTransferList';

/** A row, in a box carrying a test id when there is one. */
function Tagged({ testId, children }: { readonly testId?: string; readonly children: ReactNode }): ReactNode {
  return testId ? <div data-testid={testId}>{children}</div> : children;
}

/** An exchange of the log (the contract's one exchange record, the same on both logs). */
export type ExchangeRecord = PagedItem<ExchangeLogPath>;

/** One exchange: what came in, what was paid, at what rate, the fee. */
export function ExchangeRecordRow({
  r,
  texts,
  testId,
}: {
  readonly r: ExchangeRecord;
  readonly texts: { readonly paid: string; readonly rate: string };
  readonly testId?: string;
}): ReactNode {
  const { t } = useTranslation();
  return (
    <Tagged testId={testId}>
      <RecordRow
        title={`${r.from_asset} → ${r.to_asset}`}
        amount={<Money value={r.to_amount} asset={r.to_asset} sign />}
        amountTone="up"
        time={r.time}
        details={[
          { label: texts.paid, value: <Money value={`-${r.from_amount}`} asset={r.from_asset} /> },
          { label: texts.rate, value: `1 ${r.from_asset} ≈ ${formatUpTo(r.rate, 8)} ${r.to_asset}` },
          { label: t('walletForm.fee'), value: <Money value={r.fee} asset={r.fee_asset} /> },
        ]}
      />
    </Tagged>
  );
}

const NO_FILTERS = {};

/** A form's exchanges under it. */
export function ExchangeRecords({
  path,
  texts,
  rowTestId,
}: {
  readonly path: ExchangeLogPath;
  readonly texts: {
    readonly title: string;
    readonly emptyTitle: string;
    readonly emptyBody: string;
    readonly paid: string;
    readonly rate: string;
  };
  readonly rowTestId?: string;
}): ReactNode {
  return (
    <RecordsSection
      texts={texts}
      path={path}
      filters={NO_FILTERS}
      renderItem={(r) => <ExchangeRecordRow r={r} texts={texts} testId={rowTestId} />}
    />
  );
}

/** A transfer to or from another user (the contract's one transfer record, the same on both lists). */
export type TransferRecord = PagedItem<TransferListPath>;

/** The words of a transfer list, in the feature's texts. */
export interface TransferTexts {
  readonly title: string;
  readonly emptyTitle: string;
  readonly emptyBody: string;
  /** The direction filter's name, and its "all". */
  readonly direction: string;
  readonly all: string;
  readonly in: string;
  readonly out: string;
  readonly from: (who: string) => string;
  readonly to: (who: string) => string;
}

/** One transfer: to or from whom (masked address, or UID), the signed amount, the UID and the remark. */
export function TransferRecordRow({
  tr,
  texts,
  testId,
}: {
  readonly tr: TransferRecord;
  readonly texts: TransferTexts;
  readonly testId?: string;
}): ReactNode {
  const { t } = useTranslation();
  const who = tr.counterparty.address ? maskAddress(tr.counterparty.address) : tr.counterparty.uid;
  const incoming = tr.direction === 'in';
  const details: { label: string; value: ReactNode }[] = [
    { label: t('recipient.uid'), value: <span className="num">{tr.counterparty.uid}</span> },
  ];
  if (tr.remark) details.push({ label: t('recipient.remark'), value: tr.remark });
  return (
    <Tagged testId={testId}>
      <RecordRow
        title={incoming ? texts.from(who) : texts.to(who)}
        amount={<Money value={incoming ? tr.amount : `-${tr.amount}`} asset={tr.asset} sign />}
        amountTone={incoming ? 'up' : 'down'}
        time={tr.time}
        tag={<span className="muted">{incoming ? texts.in : texts.out}</span>}
        details={details}
      />
    </Tagged>
  );
}

type Direction = 'all' | 'in' | 'out';

/** A form's transfers under it: all, or only those in or out. */
export function TransferRecords({
  path,
  texts,
  rowTestId,
}: {
  readonly path: TransferListPath;
  readonly texts: TransferTexts;
  readonly rowTestId?: string;
}): ReactNode {
  const [direction, setDirection] = useState<Direction>('all');
  return (
    <RecordsSection
      texts={texts}
      path={path}
      filters={direction === 'all' ? {} : { direction }}
      renderItem={(tr) => <TransferRecordRow tr={tr} texts={texts} testId={rowTestId} />}
    >
      <Segments
        label={texts.direction}
        value={direction}
        onChange={setDirection}
        options={[
          { value: 'all', label: texts.all },
          { value: 'in', label: texts.in },
          { value: 'out', label: texts.out },
        ]}
      />
    </RecordsSection>
  );
}

type Withdrawal = PagedItem<'/api/withdraw/list'>;
/** The stages a pending withdrawal shows (approved once, being sent, waiting for the hot wallet, sent). */
const SHOWN_STAGES = ['first_approved', 'sending', 'queued', 'sent'] as const;
type WithdrawalStage = (typeof SHOWN_STAGES)[number];
const shownStage = (s: string): s is WithdrawalStage => (SHOWN_STAGES as readonly string[]).includes(s);
/** The stages after the last approval, while the hot wallet pays: no longer waiting for an operator. */
const PAYING: ReadonlySet<string> = new Set(['sending', 'queued', 'sent']);
/** A withdrawal's tag beyond its status: being sent while pending past approval, completed once paid. */
const withdrawalWord = (w: { status: string; stage: string }) =>
  w.status === 'approved'
    ? 'completed'
    : w.status === 'pending' && PAYING.has(w.stage)
      ? 'sending'
      : undefined;

/**
 * One withdrawal: asset and network, the amount, its status; where it goes, the fee, where it stands while
 * pending (when the feature shows it), the sent transaction, and why it failed.
 */
export function WithdrawalRecordRow({
  w,
  network,
  texts,
  stage,
  testId,
}: {
  readonly w: Withdrawal;
  /** A chain id as users name its network. */
  readonly network: (chain: string) => string;
  readonly texts: { readonly toAddress: string; readonly txHash: string };
  /** A pending withdrawal's stage, by its name and its words. */
  readonly stage?: { readonly label: string; readonly text: (stage: WithdrawalStage) => string };
  readonly testId?: string;
}): ReactNode {
  const { t } = useTranslation();
  const details: { label: string; value: ReactNode; tone?: 'danger' }[] = [
    { label: texts.toAddress, value: <HashText value={w.address} /> },
    { label: t('walletForm.fee'), value: <Money value={w.fee} asset={w.asset} /> },
  ];
  if (stage && w.status === 'pending' && shownStage(w.stage))
    details.push({ label: stage.label, value: stage.text(w.stage) });
  if (w.tx_hash) details.push({ label: texts.txHash, value: <HashText value={w.tx_hash} href={w.tx_url} /> });
  if (w.status === 'failed' && w.reason)
    details.push({ label: t('walletForm.reason'), value: w.reason, tone: 'danger' });
  return (
    <Tagged testId={testId}>
      <RecordRow
        title={`${w.asset} · ${network(w.chain)}`}
        amount={<Money value={w.amount} asset={w.asset} />}
        time={w.time}
        tag={<StatusTag status={w.status} word={withdrawalWord(w)} />}
        details={details}
      />
    </Tagged>
  );
}
