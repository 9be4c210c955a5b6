import { formatUpTo } from '@nexa/contract';
import { type ReactNode, useId, useState } from 'react';
import type { PagedItem } from '../../api/paging';
import { useBalances, useMoneyCall } from '../../hooks/money';
import { useTranslation } from '../../i18n';
import { addAmounts, assetScale, isPositiveAmount } from '../../lib/amounts';
import { useSession } from '../../session';
import { AmountField, useAmountField } from '../../ui/amount-field';
import { Field, SubmitButton, TextInput } from '../../ui/form';
import { AssetIcon, HashText, Money, RecordRow, StatusTag } from '../../ui/money';
import { RecordsSection } from '../../ui/records-section';
import { ConfirmSheet, InfoRows } from '../../ui/sheet';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { ErrorState } from '../../ui/states';
import { showToast } from '../../ui/toast';
import { chainLabel, DEFAULT_CHAIN, isAddressFor } from './rules';
import { useWalletRules } from './use-rules';
import './wallet-screens.css';

const ASSET = 'USDT';
const CHAIN = DEFAULT_CHAIN;
const SCALE = assetScale(ASSET);
const NO_FILTERS = {};

type Withdrawal = PagedItem<'/api/withdraw/list'>;

function WithdrawalRow({ w }: { readonly w: Withdrawal }): ReactNode {
  const { t } = useTranslation('wallet');
  const details: { label: string; value: ReactNode; tone?: 'danger' }[] = [
    { label: t('withdraw.toAddress'), value: <HashText value={w.address} /> },
    { label: t('walletForm.fee'), value: <Money value={w.fee} asset={w.asset} /> },
  ];
  if (w.status === 'pending' && (w.stage === 'first_approved' || w.stage === 'sending')) {
    details.push({ label: t('withdraw.progress'), value: t(`withdraw.stage.${w.stage}`) });
  }
  if (w.tx_hash)
    details.push({ label: t('walletForm.txHash'), value: <HashText value={w.tx_hash} href={w.tx_url} /> });
  if (w.status === 'failed' && w.reason)
    details.push({ label: t('walletForm.reason'), value: w.reason, tone: 'danger' });
  return (
    <RecordRow
      title={`${w.asset} · ${chainLabel(w.chain)}`}
      amount={<Money value={w.amount} asset={w.asset} />}
      time={w.time}
      tag={<StatusTag status={w.status} />}
      details={details}
    />
  );
}

function Withdraw(): ReactNode {
  const { t } = useTranslation('wallet');
  const addressId = useId();
  const balances = useBalances();
  const call = useMoneyCall('/api/withdraw/index', ['/api/withdraw/list']);
  const [address, setAddress] = useState('');
  const [touchedAddress, setTouchedAddress] = useState(false);
  const [tried, setTried] = useState(false);
  const { withdraw: rules, query: rulesQuery } = useWalletRules(ASSET);
  const amount = useAmountField({
    prompt: 'prompts.withdrawalAmount',
    asset: ASSET,
    available: balances.available(ASSET, 'spot'),
    ...(rules
      ? { fee: rules.fee, min: rules.min, dailyLimit: rules.daily_limit, dailyLeft: rules.daily_left }
      : {}),
    tried,
  });
  const shown = (value: string | undefined) => (value === undefined ? '--' : `${formatUpTo(value)} ${ASSET}`);

  const addressProblem = address.trim() === '' ? 'required' : isAddressFor(CHAIN, address) ? null : 'invalid';
  const addressError =
    (tried || touchedAddress) && addressProblem
      ? addressProblem === 'required'
        ? t('prompts.receivingAddress')
        : t('withdraw.addressInvalid')
      : null;
  const valid = isPositiveAmount(amount.value);
  const total = valid && rules ? addAmounts(amount.value, rules.fee) : null;

  const review = () => {
    setTried(true);
    if (!rules || addressProblem || amount.problem) return;
    call.open({ asset: ASSET, chain: CHAIN, address: address.trim(), amount: amount.value });
  };

  if (rulesQuery.isError && !rules) return <ErrorState onRetry={() => void rulesQuery.refetch()} />;
  const confirm = async () => {
    const done = await call.confirm();
    if (!done) return;
    showToast(t('messages.submitSuccess'));
    setAddress('');
    amount.reset();
    setTried(false);
    setTouchedAddress(false);
  };

  return (
    <>
      <div className="wform">
        <section className="wform__card">
          <div className="wform__pair">
            <Field label={t('walletForm.asset')}>
              <div className="wf__static">
                <AssetIcon asset={ASSET} size={24} />
                {ASSET}
              </div>
            </Field>
            <Field label={t('walletForm.network')}>
              <div className="wf__static">{chainLabel(CHAIN)}</div>
            </Field>
          </div>
          <Field label={t('withdraw.address')} htmlFor={addressId} error={addressError}>
            <TextInput
              id={addressId}
              value={address}
              onChange={(v) => setAddress(v.trim())}
              onBlur={() => setTouchedAddress(true)}
              placeholder={t('prompts.receivingAddress')}
              maxLength={120}
              mono
            />
          </Field>
          <AmountField field={amount} />
          <InfoRows
            rows={[
              { label: t('walletForm.fee'), value: shown(rules?.fee) },
              { label: t('walletForm.minimum'), value: shown(rules?.min) },
              { label: t('walletForm.dailyLimit'), value: shown(rules?.daily_limit) },
              { label: t('walletForm.dailyLeft'), value: shown(rules?.daily_left) },
              {
                label: t('walletForm.totalDeducted'),
                value: total ? `${formatUpTo(total, SCALE)} ${ASSET}` : '--',
              },
              {
                label: t('walletForm.youReceive'),
                value: valid ? `${formatUpTo(amount.value, SCALE)} ${ASSET}` : '--',
                strong: true,
              },
            ]}
          />
          <SubmitButton disabled={call.busy || !rules} onClick={review}>
            {t('withdraw.submit')}
          </SubmitButton>
          <p className="wform__foot">{t('withdraw.reviewNote')}</p>
        </section>
      </div>

      <RecordsSection
        texts={{
          title: t('withdraw.records'),
          emptyTitle: t('withdraw.emptyTitle'),
          emptyBody: t('withdraw.emptyBody'),
        }}
        path="/api/withdraw/list"
        filters={NO_FILTERS}
        renderItem={(w) => <WithdrawalRow w={w} />}
      />

      <ConfirmSheet
        visible={call.content !== null}
        title={t('withdraw.confirmTitle')}
        busy={call.busy}
        onClose={call.close}
        onConfirm={() => void confirm()}
        note={t('withdraw.reviewNote')}
        rows={
          call.content && rules
            ? [
                { label: t('walletForm.network'), value: chainLabel(call.content.chain ?? CHAIN) },
                {
                  label: t('withdraw.toAddress'),
                  value: <span className="sheet__mono">{call.content.address}</span>,
                },
                {
                  label: t('walletForm.amount'),
                  value: `${formatUpTo(call.content.amount, SCALE)} ${ASSET}`,
                },
                { label: t('walletForm.fee'), value: shown(rules.fee) },
                {
                  label: t('walletForm.totalDeducted'),
                  value: `${formatUpTo(addAmounts(call.content.amount, rules.fee), SCALE)} ${ASSET}`,
                },
              ]
            : []
        }
      >
        {call.content ? (
          <p className="sheet__hero">
            <span className="sheet__hero-label">{t('walletForm.youReceive')}</span>
            <span className="sheet__hero-value num">
              {formatUpTo(call.content.amount, SCALE)} {ASSET}
            </span>
          </p>
        ) : null}
      </ConfirmSheet>
    </>
  );
}

/** Withdrawal: address, amount with fee and limits, confirmation, records with their status. */
export default function WithdrawScreen(): ReactNode {
  const { token } = useSession();
  return token ? <Withdraw /> : <SignInPrompt />;
}
