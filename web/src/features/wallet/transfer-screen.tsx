import { formatUpTo, maskAddress } from '@nexa/contract';
import { type ReactNode, useId, useState } from 'react';
import { ApiFailure, useApiQuery } from '../../api/hooks';
import type { PagedItem } from '../../api/paging';
import { useBalances, useDebounced, useMoneyCall } from '../../hooks/money';
import { useTranslation } from '../../i18n';
import { assetScale, compareAmounts } from '../../lib/amounts';
import { useSession } from '../../session';
import { AmountField, useAmountField } from '../../ui/amount-field';
import { Field, PickerButton, Segments, SubmitButton, TextInput } from '../../ui/form';
import { AssetIcon, Money, RecordRow } from '../../ui/money';
import { RecordsSection } from '../../ui/records-section';
import { AssetPickerSheet, ConfirmSheet, InfoRows } from '../../ui/sheet';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { showToast } from '../../ui/toast';
import { isRecipient } from './rules';
import { useWalletRules } from './use-rules';
import './wallet-screens.css';

const DEFAULT_ASSET = 'USDT';
const REMARK_MAX = 100;
/** How long typing must pause before the recipient is looked up. */
const LOOKUP_DEBOUNCE_MS = 300;

/**
 * Who the typed recipient is, looked up once typing settles: the UID for an address, the masked address
 * for a UID. `missing` when nobody has it; `unknown` when the lookup could not be made (the transfer may
 * still go ahead: the server checks again).
 */
function useRecipient(to: string) {
  const settled = useDebounced(to, LOOKUP_DEBOUNCE_MS);
  const lookable = isRecipient(settled);
  const query = useApiQuery(
    '/api/transfer/recipient',
    { to: settled },
    { enabled: lookable, handles: 'all' },
  );
  if (!isRecipient(to)) return { state: 'idle' as const };
  if (settled !== to || query.isFetching) return { state: 'looking' as const };
  if (query.data) return { state: 'found' as const, ...query.data };
  if (query.error instanceof ApiFailure && query.error.is('RecipientNotFound')) {
    return { state: 'missing' as const };
  }
  return { state: 'unknown' as const };
}

function RecipientHint({ found }: { readonly found: ReturnType<typeof useRecipient> }): ReactNode {
  const { t } = useTranslation('wallet');
  if (found.state === 'looking') return <span className="wf__hint-muted">{t('transfer.lookingUp')}</span>;
  if (found.state !== 'found' || found.self) return null;
  return (
    <span className="recipient-found">
      <span className="recipient-found__tick" aria-hidden="true">
        ✓
      </span>
      {t('transfer.found', { uid: found.uid, address: found.address })}
    </span>
  );
}

type Transfer = PagedItem<'/api/transfer/transferList'>;
type Direction = 'all' | 'in' | 'out';

function TransferRow({ tr }: { readonly tr: Transfer }): ReactNode {
  const { t } = useTranslation('wallet');
  const who = tr.counterparty.address ? maskAddress(tr.counterparty.address) : tr.counterparty.uid;
  const details: { label: string; value: ReactNode }[] = [
    { label: t('transfer.uid'), value: <span className="num">{tr.counterparty.uid}</span> },
  ];
  if (tr.remark) details.push({ label: t('transfer.remark'), value: tr.remark });
  const incoming = tr.direction === 'in';
  return (
    <RecordRow
      title={incoming ? t('transfer.from', { who }) : t('transfer.to', { who })}
      amount={<Money value={incoming ? tr.amount : `-${tr.amount}`} asset={tr.asset} sign />}
      amountTone={incoming ? 'up' : 'down'}
      time={tr.time}
      tag={<span className="muted">{incoming ? t('transfer.in') : t('transfer.out')}</span>}
      details={details}
    />
  );
}

function TransferForm(): ReactNode {
  const { t } = useTranslation('wallet');
  const { walletAddress } = useSession();
  const recipientId = useId();
  const remarkId = useId();
  const balances = useBalances();
  const call = useMoneyCall('/api/transfer/index', ['/api/transfer/transferList']);
  const [asset, setAsset] = useState<string>(DEFAULT_ASSET);
  const { transferMin } = useWalletRules(DEFAULT_ASSET);
  const [picking, setPicking] = useState(false);
  const [to, setTo] = useState('');
  const [remark, setRemark] = useState('');
  const [touchedTo, setTouchedTo] = useState(false);
  const [tried, setTried] = useState(false);
  const amount = useAmountField({
    prompt: 'prompts.amount',
    asset,
    available: balances.available(asset, 'spot'),
    // A transfer to another user is free (the contract's word); its minimum is the server's.
    ...(transferMin ? { min: transferMin } : {}),
    tried,
  });

  const scale = assetScale(asset);
  const spot = (balances.data?.list ?? []).filter((b) => b.account === 'spot');
  const assets = [
    ...new Set([
      DEFAULT_ASSET,
      ...spot.filter((b) => compareAmounts(b.available, '0') > 0).map((b) => b.asset),
    ]),
  ];

  const found = useRecipient(to);
  const self =
    (walletAddress !== null && to.trim().toLowerCase() === walletAddress.toLowerCase()) ||
    (found.state === 'found' && found.self);
  const toProblem =
    to.trim() === ''
      ? 'required'
      : !isRecipient(to)
        ? 'invalid'
        : self
          ? 'self'
          : found.state === 'missing'
            ? 'missing'
            : null;
  // Nobody found, or the user's own account, shows at once; a malformed entry once the field is left.
  const shown = tried || touchedTo || toProblem === 'missing' || toProblem === 'self';
  const toError =
    shown && toProblem
      ? toProblem === 'required'
        ? t('transfer.recipientPrompt')
        : toProblem === 'self'
          ? t('transfer.self')
          : toProblem === 'missing'
            ? t('transfer.notFound')
            : t('transfer.recipientInvalid')
      : null;

  const review = () => {
    setTried(true);
    if (!transferMin || toProblem || found.state === 'looking' || amount.problem) return;
    call.open({ to: to.trim(), asset, amount: amount.value, remark: remark.trim() });
  };
  const confirm = async () => {
    const done = await call.confirm();
    if (!done) return;
    showToast(t('messages.submitSuccess'));
    setTo('');
    amount.reset();
    setRemark('');
    setTried(false);
    setTouchedTo(false);
  };

  return (
    <div className="wform">
      <section className="wform__card">
        <Field label={t('walletForm.asset')}>
          <PickerButton
            label={t('walletForm.asset')}
            value={asset}
            icon={<AssetIcon asset={asset} size={24} />}
            onClick={() => setPicking(true)}
          />
        </Field>
        <Field
          label={t('transfer.recipient')}
          htmlFor={recipientId}
          error={toError}
          hint={toError ? null : <RecipientHint found={found} />}
        >
          <TextInput
            id={recipientId}
            value={to}
            onChange={(v) => setTo(v.trim())}
            onBlur={() => setTouchedTo(true)}
            placeholder={t('transfer.recipientPrompt')}
            maxLength={64}
            mono
          />
        </Field>
        <AmountField field={amount} />
        <Field
          label={t('transfer.remark')}
          htmlFor={remarkId}
          extra={<span className="num">{`${remark.length}/${REMARK_MAX}`}</span>}
        >
          <TextInput
            id={remarkId}
            value={remark}
            onChange={setRemark}
            placeholder={t('transfer.remarkPrompt')}
            maxLength={REMARK_MAX}
          />
        </Field>
        <InfoRows
          rows={[
            { label: t('walletForm.fee'), value: t('walletForm.free') },
            {
              label: t('walletForm.minimum'),
              value: transferMin ? `${formatUpTo(transferMin)} ${asset}` : '--',
            },
            { label: t('transfer.arrival'), value: t('transfer.instant') },
          ]}
        />
        <SubmitButton disabled={call.busy || !transferMin} onClick={review}>
          {t('transfer.submit')}
        </SubmitButton>
      </section>

      <AssetPickerSheet
        visible={picking}
        assets={assets}
        value={asset}
        available={(a) => balances.available(a, 'spot')}
        onClose={() => setPicking(false)}
        onPick={(a) => {
          setAsset(a);
          amount.clear();
        }}
      />

      <ConfirmSheet
        visible={call.content !== null}
        title={t('transfer.confirmTitle')}
        busy={call.busy}
        onClose={call.close}
        onConfirm={() => void confirm()}
        rows={
          call.content
            ? [
                {
                  label: t('transfer.recipient'),
                  value: <span className="sheet__mono">{call.content.to}</span>,
                },
                ...(found.state === 'found'
                  ? [
                      { label: t('transfer.uid'), value: <span className="num">{found.uid}</span> },
                      {
                        label: t('transfer.address'),
                        value: <span className="sheet__mono">{found.address}</span>,
                      },
                    ]
                  : []),
                { label: t('walletForm.fee'), value: t('walletForm.free') },
                ...(call.content.remark ? [{ label: t('transfer.remark'), value: call.content.remark }] : []),
              ]
            : []
        }
        note={t('transfer.irreversible')}
      >
        {call.content ? (
          <p className="sheet__hero">
            <span className="sheet__hero-label">{t('walletForm.amount')}</span>
            <span className="sheet__hero-value num">
              {formatUpTo(call.content.amount, scale)} {call.content.asset ?? asset}
            </span>
          </p>
        ) : null}
      </ConfirmSheet>
    </div>
  );
}

function TransferRecords(): ReactNode {
  const { t } = useTranslation('wallet');
  const [direction, setDirection] = useState<Direction>('all');
  return (
    <RecordsSection
      texts={{
        title: t('transfer.records'),
        emptyTitle: t('transfer.emptyTitle'),
        emptyBody: t('transfer.emptyBody'),
      }}
      path="/api/transfer/transferList"
      filters={direction === 'all' ? {} : { direction }}
      renderItem={(tr) => <TransferRow tr={tr} />}
    >
      <Segments
        label={t('records.direction')}
        value={direction}
        onChange={setDirection}
        options={[
          { value: 'all', label: t('records.all') },
          { value: 'in', label: t('transfer.in') },
          { value: 'out', label: t('transfer.out') },
        ]}
      />
    </RecordsSection>
  );
}

/** Transfer to another user by address or UID, with the transfers in and out. */
export default function TransferScreen(): ReactNode {
  const { token } = useSession();
  if (!token) return <SignInPrompt />;
  return (
    <>
      <TransferForm />
      <TransferRecords />
    </>
  );
}
