import { formatUpTo } from '@nexa/contract';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PagedItem } from '../../api/paging';
import { useSession } from '../../session';
import { PagedList } from '../../ui/paged-list';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { showToast } from '../../ui/toast';
import {
  type AmountProblem,
  addAmounts,
  assetScale,
  checkAmount,
  isPositiveAmount,
  maxAmount,
  sanitizeAmountInput,
} from './amounts';
import { useBalances, useMoneyCall } from './hooks';
import {
  AmountInput,
  AssetIcon,
  ConfirmSheet,
  Field,
  HashText,
  InfoRows,
  Money,
  RecordRow,
  StatusTag,
  SubmitButton,
  TextInput,
} from './parts';
import { chainLabel, isAddressFor, WALLET_RULES } from './rules';
import { useAmountMessage } from './use-amount-message';
import './wallet-screens.css';

const RULES = WALLET_RULES.withdraw;
const ASSET = RULES.asset;
const SCALE = assetScale(ASSET);
const NO_FILTERS = {};

type Withdrawal = PagedItem<'/api/withdraw/list'>;

function WithdrawalRow({ w }: { readonly w: Withdrawal }): ReactNode {
  const { t } = useTranslation();
  const details: { label: string; value: ReactNode; tone?: 'danger' }[] = [
    { label: t('withdraw.toAddress'), value: <HashText value={w.address} /> },
    { label: t('walletForm.fee'), value: <Money value={w.fee} asset={w.asset} /> },
  ];
  if (w.status === 'pending' && (w.stage === 'first_approved' || w.stage === 'sending')) {
    details.push({ label: t('withdraw.progress'), value: t(`withdraw.stage.${w.stage}`) });
  }
  if (w.tx_hash) details.push({ label: t('walletForm.txHash'), value: <HashText value={w.tx_hash} /> });
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
  const { t } = useTranslation();
  const addressId = useId();
  const amountId = useId();
  const balances = useBalances();
  const call = useMoneyCall('/api/withdraw/index', ['/api/withdraw/list']);
  const amountMessage = useAmountMessage('prompts.withdrawalAmount', ASSET);
  const [address, setAddress] = useState('');
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState({ address: false, amount: false });
  const [tried, setTried] = useState(false);

  const available = balances.available(ASSET, 'spot');
  const amountProblem: AmountProblem | null = checkAmount(amount, {
    scale: SCALE,
    available,
    fee: RULES.fee,
    min: RULES.min,
    max: RULES.dailyLimit,
  });
  const addressProblem =
    address.trim() === '' ? 'required' : isAddressFor(RULES.chain, address) ? null : 'invalid';
  const addressError =
    (tried || touched.address) && addressProblem
      ? addressProblem === 'required'
        ? t('prompts.receivingAddress')
        : t('withdraw.addressInvalid')
      : null;
  const amountError = (tried || touched.amount) && amountProblem ? amountMessage(amountProblem, RULES) : null;
  const valid = isPositiveAmount(amount);
  const total = valid ? addAmounts(amount, RULES.fee) : null;

  const review = () => {
    setTried(true);
    if (addressProblem || amountProblem) return;
    call.open({ asset: ASSET, chain: RULES.chain, address: address.trim(), amount });
  };
  const confirm = async () => {
    const done = await call.confirm();
    if (!done) return;
    showToast(t('messages.submitSuccess'));
    setAddress('');
    setAmount('');
    setTried(false);
    setTouched({ address: false, amount: false });
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
              <div className="wf__static">{chainLabel(RULES.chain)}</div>
            </Field>
          </div>
          <Field label={t('withdraw.address')} htmlFor={addressId} error={addressError}>
            <TextInput
              id={addressId}
              value={address}
              onChange={(v) => setAddress(v.trim())}
              onBlur={() => setTouched((s) => ({ ...s, address: true }))}
              placeholder={t('prompts.receivingAddress')}
              maxLength={120}
              mono
            />
          </Field>
          <Field
            label={t('walletForm.amount')}
            htmlFor={amountId}
            error={amountError}
            extra={
              <>
                {t('walletForm.available')}{' '}
                <span className="num wf__strong">
                  {available === null ? '--' : `${formatUpTo(available, SCALE)} ${ASSET}`}
                </span>
              </>
            }
          >
            <AmountInput
              id={amountId}
              value={amount}
              onChange={(v) => setAmount(sanitizeAmountInput(v, SCALE))}
              onBlur={() => setTouched((s) => ({ ...s, amount: true }))}
              placeholder={t('prompts.withdrawalAmount')}
              asset={ASSET}
              onMax={() => {
                setAmount(maxAmount(available, RULES.fee, SCALE));
                setTouched((s) => ({ ...s, amount: true }));
              }}
            />
          </Field>
          <InfoRows
            rows={[
              { label: t('walletForm.fee'), value: `${formatUpTo(RULES.fee)} ${ASSET}` },
              { label: t('walletForm.minimum'), value: `${formatUpTo(RULES.min)} ${ASSET}` },
              { label: t('walletForm.dailyLimit'), value: `${formatUpTo(RULES.dailyLimit)} ${ASSET}` },
              {
                label: t('walletForm.totalDeducted'),
                value: total ? `${formatUpTo(total, SCALE)} ${ASSET}` : '--',
              },
              {
                label: t('walletForm.youReceive'),
                value: valid ? `${formatUpTo(amount, SCALE)} ${ASSET}` : '--',
                strong: true,
              },
            ]}
          />
          <SubmitButton disabled={call.busy} onClick={review}>
            {t('withdraw.submit')}
          </SubmitButton>
          <p className="wform__foot">{t('withdraw.reviewNote')}</p>
        </section>
      </div>

      <section className="wrecords">
        <div className="wrecords__head">
          <h2 className="wrecords__title">{t('withdraw.records')}</h2>
        </div>
        <PagedList
          path="/api/withdraw/list"
          filters={NO_FILTERS}
          pullToRefresh={false}
          skeletonRows={3}
          emptyTitle={t('withdraw.emptyTitle')}
          emptyBody={t('withdraw.emptyBody')}
          itemKey={(w) => w.id}
          renderItem={(w) => <WithdrawalRow w={w} />}
        />
      </section>

      <ConfirmSheet
        visible={call.content !== null}
        title={t('withdraw.confirmTitle')}
        busy={call.busy}
        onClose={call.close}
        onConfirm={() => void confirm()}
        note={t('withdraw.reviewNote')}
        rows={
          call.content
            ? [
                { label: t('walletForm.network'), value: chainLabel(call.content.chain ?? RULES.chain) },
                {
                  label: t('withdraw.toAddress'),
                  value: <span className="sheet__mono">{call.content.address}</span>,
                },
                {
                  label: t('walletForm.amount'),
                  value: `${formatUpTo(call.content.amount, SCALE)} ${ASSET}`,
                },
                { label: t('walletForm.fee'), value: `${formatUpTo(RULES.fee)} ${ASSET}` },
                {
                  label: t('walletForm.totalDeducted'),
                  value: `${formatUpTo(addAmounts(call.content.amount, RULES.fee), SCALE)} ${ASSET}`,
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
