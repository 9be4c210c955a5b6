import { formatUpTo, isRecipientText, maskAddress, NEU_ASSET, SPA_ASSET } from '@nexa/contract';
import { type ReactNode, useId, useState } from 'react';
import { ApiFailure, useApiQuery } from '../../api/hooks';
import type { PagedItem } from '../../api/paging';
import { useBalances, useDebounced, useMoneyCall } from '../../hooks/money';
import { useTranslation } from '../../i18n';
import { useSession } from '../../session';
import { AmountField, useAmountField } from '../../ui/amount-field';
import { Field, Segments, SubmitButton, TextInput } from '../../ui/form';
import { Money, RecordRow } from '../../ui/money';
import { RecordsSection } from '../../ui/records-section';
import { ConfirmSheet, InfoRows } from '../../ui/sheet';
import { showToast } from '../../ui/toast';
import { spaToNeu } from './neu-math';
import { NO_BODY, showBalance, showNeu, showSpa } from './neu-parts';

type Mode = 'transfer' | 'exchange';
type Direction = 'all' | 'in' | 'out';

const TERMS = { page: 1, size: 1 };
const REMARK_MAX = 100;
/** How long typing must pause before the recipient is looked up. */
const LOOKUP_DEBOUNCE_MS = 300;

type Transfer = PagedItem<'/api/neu/spaQuotaTransferList'>;
type SpaExchange = PagedItem<'/api/neu/spaExchangeList'>;

/**
 * Who the typed recipient is, looked up once typing settles: the UID for an address, the masked address for a
 * UID; `missing` when nobody has it, `unknown` when the lookup could not be made (the server checks again).
 */
function useRecipient(to: string) {
  const settled = useDebounced(to, LOOKUP_DEBOUNCE_MS);
  const query = useApiQuery(
    '/api/transfer/recipient',
    { to: settled },
    { enabled: isRecipientText(settled), handles: 'all' },
  );
  if (!isRecipientText(to)) return { state: 'idle' as const };
  if (settled !== to || query.isFetching) return { state: 'looking' as const };
  if (query.data) return { state: 'found' as const, ...query.data };
  if (query.error instanceof ApiFailure && query.error.is('RecipientNotFound'))
    return { state: 'missing' as const };
  return { state: 'unknown' as const };
}

function TransferRow({ tr }: { readonly tr: Transfer }): ReactNode {
  const { t } = useTranslation('neu');
  const who = tr.counterparty.address ? maskAddress(tr.counterparty.address) : tr.counterparty.uid;
  const incoming = tr.direction === 'in';
  const details: { label: string; value: ReactNode }[] = [
    { label: t('neu.uid'), value: <span className="num">{tr.counterparty.uid}</span> },
  ];
  if (tr.remark) details.push({ label: t('neu.spa.remark'), value: tr.remark });
  return (
    <div data-testid="neu-spa-transfer-row">
      <RecordRow
        title={incoming ? t('neu.spa.from', { who }) : t('neu.spa.to', { who })}
        amount={<Money value={incoming ? tr.amount : `-${tr.amount}`} asset={tr.asset} sign />}
        amountTone={incoming ? 'up' : 'down'}
        time={tr.time}
        tag={<span className="muted">{incoming ? t('neu.spa.in') : t('neu.spa.out')}</span>}
        details={details}
      />
    </div>
  );
}

/** Give SPA quota to another user by address or UID: free, at least the wallet's transfer minimum. */
function TransferForm(): ReactNode {
  const { t } = useTranslation('neu');
  const { walletAddress } = useSession();
  const recipientId = useId();
  const remarkId = useId();
  const balances = useBalances();
  const rules = useApiQuery('/api/withdraw/list', TERMS);
  const transferMin = rules.data?.transfer_min ?? null;
  const call = useMoneyCall('/api/neu/spaQuotaTransfer', ['/api/neu/spaQuotaTransferList', '/api/neu/uinfo']);
  const [to, setTo] = useState('');
  const [remark, setRemark] = useState('');
  const [touchedTo, setTouchedTo] = useState(false);
  const [tried, setTried] = useState(false);
  const amount = useAmountField({
    prompt: 'prompts.amount',
    asset: SPA_ASSET,
    available: balances.available(SPA_ASSET, 'spot'),
    ...(transferMin ? { min: transferMin } : {}),
    tried,
  });
  const found = useRecipient(to);
  const self =
    (walletAddress !== null && to.trim().toLowerCase() === walletAddress.toLowerCase()) ||
    (found.state === 'found' && found.self);
  const toProblem =
    to.trim() === ''
      ? 'required'
      : !isRecipientText(to)
        ? 'invalid'
        : self
          ? 'self'
          : found.state === 'missing'
            ? 'missing'
            : null;
  const shown = tried || touchedTo || toProblem === 'missing' || toProblem === 'self';
  const toError =
    shown && toProblem
      ? toProblem === 'required'
        ? t('neu.spa.recipientPrompt')
        : toProblem === 'self'
          ? t('neu.spa.self')
          : toProblem === 'missing'
            ? t('neu.spa.notFound')
            : t('neu.spa.recipientInvalid')
      : null;
  const hint =
    found.state === 'looking' ? (
      <span className="muted">{t('neu.spa.lookingUp')}</span>
    ) : found.state === 'found' && !found.self ? (
      <span className="neu-found num" data-testid="neu-recipient-found">
        <span className="neu-found__tick" aria-hidden="true">
          ✓
        </span>
        {t('neu.spa.found', { uid: found.uid, address: found.address })}
      </span>
    ) : null;

  const review = () => {
    setTried(true);
    if (!transferMin || toProblem || found.state === 'looking' || amount.problem) return;
    call.open({ to: to.trim(), amount: amount.value, remark: remark.trim() });
  };
  const confirm = async () => {
    const done = await call.confirm();
    if (!done) return;
    showToast(t('neu.spa.transferred'));
    setTo('');
    setRemark('');
    amount.reset();
    setTried(false);
    setTouchedTo(false);
  };
  return (
    <>
      <Field
        label={t('neu.spa.recipient')}
        htmlFor={recipientId}
        error={toError}
        hint={toError ? null : hint}
      >
        <TextInput
          id={recipientId}
          value={to}
          onChange={(v) => setTo(v.trim())}
          onBlur={() => setTouchedTo(true)}
          placeholder={t('neu.spa.recipientPrompt')}
          maxLength={64}
          mono
        />
      </Field>
      <AmountField field={amount} />
      <Field
        label={t('neu.spa.remark')}
        htmlFor={remarkId}
        extra={<span className="num">{`${remark.length}/${REMARK_MAX}`}</span>}
      >
        <TextInput
          id={remarkId}
          value={remark}
          onChange={setRemark}
          placeholder={t('neu.spa.remarkPrompt')}
          maxLength={REMARK_MAX}
        />
      </Field>
      <InfoRows
        rows={[
          { label: t('neu.fee'), value: t('neu.free') },
          { label: t('neu.minimum'), value: transferMin ? `${formatUpTo(transferMin)} ${SPA_ASSET}` : '--' },
        ]}
      />
      <SubmitButton disabled={call.busy || !transferMin} onClick={review}>
        {t('neu.spa.transferSubmit')}
      </SubmitButton>
      <ConfirmSheet
        visible={call.content !== null}
        title={t('neu.spa.transferConfirm')}
        busy={call.busy}
        onClose={call.close}
        onConfirm={() => void confirm()}
        rows={
          call.content
            ? [
                { label: t('neu.spa.recipient'), value: <span className="neu-mono">{call.content.to}</span> },
                ...(found.state === 'found'
                  ? [
                      { label: t('neu.uid'), value: found.uid },
                      { label: t('neu.address'), value: <span className="neu-mono">{found.address}</span> },
                    ]
                  : []),
                {
                  label: t('neu.amount'),
                  value: `${formatUpTo(call.content.amount, 8)} ${SPA_ASSET}`,
                  strong: true,
                },
                { label: t('neu.fee'), value: t('neu.free') },
                ...(call.content.remark ? [{ label: t('neu.spa.remark'), value: call.content.remark }] : []),
              ]
            : []
        }
        note={t('neu.spa.irreversible')}
      />
    </>
  );
}

function TransferRecords(): ReactNode {
  const { t } = useTranslation('neu');
  const [direction, setDirection] = useState<Direction>('all');
  return (
    <RecordsSection
      texts={{
        title: t('neu.spa.transferRecords'),
        emptyTitle: t('neu.spa.noTransfers'),
        emptyBody: t('neu.spa.noTransfersBody'),
      }}
      path="/api/neu/spaQuotaTransferList"
      filters={direction === 'all' ? {} : { direction }}
      renderItem={(tr) => <TransferRow tr={tr} />}
    >
      <Segments
        label={t('neu.spa.direction')}
        value={direction}
        onChange={setDirection}
        options={[
          { value: 'all', label: t('neu.all') },
          { value: 'in', label: t('neu.spa.in') },
          { value: 'out', label: t('neu.spa.out') },
        ]}
      />
    </RecordsSection>
  );
}

function ExchangeRow({ x }: { readonly x: SpaExchange }): ReactNode {
  const { t } = useTranslation('neu');
  return (
    <div data-testid="neu-spa-exchange-row">
      <RecordRow
        title={`${SPA_ASSET} → ${NEU_ASSET}`}
        amount={<Money value={x.neu} asset={NEU_ASSET} sign />}
        amountTone="up"
        time={x.created_at}
        details={[
          { label: t('neu.spa.spent'), value: <Money value={`-${x.spa}`} asset={SPA_ASSET} /> },
          { label: t('neu.rate'), value: `1 ${SPA_ASSET} = ${formatUpTo(x.rate, 8)} ${NEU_ASSET}` },
        ]}
      />
    </div>
  );
}

/** SPA quota for NEU at the operators' rate, at least their minimum; what arrives shown before confirming. */
function ExchangeForm(): ReactNode {
  const { t } = useTranslation('neu');
  const balances = useBalances();
  const terms = useApiQuery('/api/neu/spaExchangeList', TERMS);
  const call = useMoneyCall('/api/neu/spaExchange', ['/api/neu/spaExchangeList', '/api/neu/uinfo']);
  const [tried, setTried] = useState(false);
  const rate = terms.data?.rate ?? null;
  const amount = useAmountField({
    prompt: 'prompts.amount',
    asset: SPA_ASSET,
    available: balances.available(SPA_ASSET, 'spot'),
    ...(terms.data ? { min: terms.data.min } : {}),
    tried,
  });
  const out = rate && amount.problem === null ? spaToNeu(amount.value, rate) : null;
  const review = () => {
    setTried(true);
    if (!rate || amount.problem) return;
    call.open({ amount: amount.value });
  };
  const confirm = async () => {
    const done = await call.confirm();
    if (!done) return;
    showToast(t('neu.spa.exchanged', { amount: showNeu(done.neu), asset: NEU_ASSET }));
    amount.reset();
    setTried(false);
  };
  return (
    <>
      <AmountField field={amount} />
      <InfoRows
        rows={[
          {
            label: t('neu.rate'),
            value: rate ? `1 ${SPA_ASSET} = ${formatUpTo(rate, 8)} ${NEU_ASSET}` : '--',
          },
          { label: t('neu.minimum'), value: terms.data ? `${showSpa(terms.data.min)} ${SPA_ASSET}` : '--' },
          {
            label: t('neu.youReceive'),
            value: <span data-testid="neu-spa-out">{out ? `${showNeu(out)} ${NEU_ASSET}` : '--'}</span>,
            strong: true,
          },
        ]}
      />
      <SubmitButton disabled={call.busy || !rate} onClick={review}>
        {t('neu.spa.exchangeSubmit')}
      </SubmitButton>
      <p className="neu-foot">{t('neu.spa.exchangeNote')}</p>
      <ConfirmSheet
        visible={call.content !== null}
        title={t('neu.spa.exchangeConfirm')}
        busy={call.busy}
        onClose={call.close}
        onConfirm={() => void confirm()}
        rows={
          call.content && rate
            ? [
                { label: t('neu.spa.spent'), value: `${formatUpTo(call.content.amount, 8)} ${SPA_ASSET}` },
                { label: t('neu.rate'), value: `1 ${SPA_ASSET} = ${formatUpTo(rate, 8)} ${NEU_ASSET}` },
                {
                  label: t('neu.youReceive'),
                  value: `${showNeu(spaToNeu(call.content.amount, rate) ?? '0')} ${NEU_ASSET}`,
                  strong: true,
                },
              ]
            : []
        }
        note={t('neu.spa.exchangeNote')}
      />
    </>
  );
}

/** The SPA quota: give it to another user, or exchange it for NEU; with the records of each. */
export function SpaPanel(): ReactNode {
  const { t } = useTranslation('neu');
  const [mode, setMode] = useState<Mode>('transfer');
  const balances = useBalances();
  const spa = balances.available(SPA_ASSET, 'spot');
  return (
    <>
      <div className="neu-form">
        <section className="card neu-card">
          <div className="neu-card__head">
            <Segments
              label={t('neu.spaQuota')}
              value={mode}
              onChange={setMode}
              options={[
                { value: 'transfer', label: t('neu.spa.transfer') },
                { value: 'exchange', label: t('neu.spa.exchange') },
              ]}
            />
            <span className="neu-card__aside num" data-testid="neu-spa-balance">
              {spa === null ? '--' : `${showBalance(spa, SPA_ASSET)} ${SPA_ASSET}`}
            </span>
          </div>
          {mode === 'transfer' ? <TransferForm /> : <ExchangeForm />}
        </section>
      </div>
      {mode === 'transfer' ? (
        <TransferRecords />
      ) : (
        <RecordsSection
          texts={{
            title: t('neu.spa.exchangeRecords'),
            emptyTitle: t('neu.spa.noExchanges'),
            emptyBody: t('neu.spa.noExchangesBody'),
          }}
          path="/api/neu/spaExchangeList"
          filters={NO_BODY}
          renderItem={(x) => <ExchangeRow x={x} />}
        />
      )}
    </>
  );
}
