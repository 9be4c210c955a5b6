import { DEFAULT_CHAIN, EVM_ADDRESS_PATTERN, formatUpTo, NEU_ASSET, type ResponseData } from '@nexa/contract';
import { Button, Skeleton } from 'antd-mobile';
import { type ReactNode, useId, useState } from 'react';
import { useApiQuery } from '../../api/hooks';
import type { PagedItem } from '../../api/paging';
import { useBalances, useMoneyCall } from '../../hooks/money';
import { useQrDataUrl } from '../../hooks/qr';
import { useTranslation } from '../../i18n';
import { addAmounts, assetScale, isPositiveAmount } from '../../lib/amounts';
import { useSession } from '../../session';
import { AmountField, useAmountField } from '../../ui/amount-field';
import { copyText } from '../../ui/copy';
import { Field, Segments, SubmitButton, TextInput } from '../../ui/form';
import { IconCopy, IconInfo } from '../../ui/icons';
import { HashText, Money, RecordRow, StatusTag } from '../../ui/money';
import { PullToRefresh } from '../../ui/pull-to-refresh';
import { RecordsSection } from '../../ui/records-section';
import { ConfirmSheet, InfoRows } from '../../ui/sheet';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { ErrorState } from '../../ui/states';
import { Tabs } from '../../ui/tabs';
import { showToast } from '../../ui/toast';
import { useRefresh, useTabParam } from './neu-parts';
import './neu.css';

type Tab = 'deposit' | 'withdraw';
const TABS: readonly Tab[] = ['deposit', 'withdraw'];

/** What the line withdraws: NEU itself, or USDT (what NEU was exchanged into). */
type Asset = typeof NEU_ASSET | 'USDT';
const ASSETS: readonly Asset[] = [NEU_ASSET, 'USDT'];

/** The networks a deposit address is kept on, as users name them (the server's chain ids are its own). */
const CHAINS = ['evm', 'bsc', 'tron'] as const;
type Chain = (typeof CHAINS)[number];
const NETWORK_NAMES: Readonly<Record<string, string>> = { evm: 'ERC20', bsc: 'BEP20', tron: 'TRC20' };
const networkName = (chain: string): string => NETWORK_NAMES[chain] ?? chain.toUpperCase();

/** The first withdrawal record is enough: the answer carries the rules beside the list. */
const RULES_PAGE = { page: 1, size: 1 };
const REFRESH = ['/api/withdraw/list', '/api/neu/uinfo'] as const;

type Withdrawal = PagedItem<'/api/withdraw/list'>;
type Rules = ResponseData<'/api/withdraw/list'>['rules'][number];

function AddressQr({ address }: { readonly address: string }): ReactNode {
  const { t } = useTranslation('neu');
  const src = useQrDataUrl(address, 360);
  return (
    <div className="neu-qr">
      {src ? (
        <img
          className="neu-qr__img"
          src={src}
          alt={t('neu.deposit.qrAlt')}
          width={180}
          height={180}
          data-testid="neu-deposit-qr"
        />
      ) : (
        <Skeleton animated className="neu-qr__placeholder" />
      )}
    </div>
  );
}

/** My deposit address on a network, with its QR code and copy: the same address takes NEU and USDT there. */
function Deposit(): ReactNode {
  const { t } = useTranslation('neu');
  const [chain, setChain] = useState<Chain>(DEFAULT_CHAIN as Chain);
  const q = useApiQuery('/api/withdraw/receiveUsdt', { chain });
  const network = networkName(chain);
  const d = q.data;
  return (
    <div className="neu-form">
      <section className="card neu-card">
        <Field label={t('neu.network')}>
          <Segments
            label={t('neu.network')}
            value={chain}
            onChange={setChain}
            options={CHAINS.map((c) => ({ value: c, label: networkName(c) }))}
          />
        </Field>
      </section>
      {!d ? (
        q.isError ? (
          <section className="card neu-card">
            <ErrorState onRetry={() => void q.refetch()} />
          </section>
        ) : (
          <section className="card neu-card neu-address" aria-busy="true">
            <Skeleton animated className="neu-qr__placeholder" />
            <Skeleton.Paragraph animated lineCount={3} />
          </section>
        )
      ) : d.address === null ? (
        <section className="card neu-card neu-notice">
          <IconInfo className="neu-notice__icon" />
          <p>{t('neu.deposit.noAddress', { network })}</p>
        </section>
      ) : (
        <section className="card neu-card neu-address">
          <AddressQr address={d.address} />
          <p className="neu-address__label">{t('neu.deposit.addressLabel', { network })}</p>
          <p className="neu-address__value num" data-testid="neu-deposit-address">
            {d.address}
          </p>
          <Button
            block
            color="primary"
            fill="outline"
            className="neu-address__copy"
            onClick={() => void copyText(d.address ?? '')}
            data-testid="neu-copy-address"
          >
            <IconCopy /> {t('neu.deposit.copy')}
          </Button>
          <InfoRows
            className="neu-address__rows"
            rows={[
              { label: t('neu.network'), value: networkName(d.chain) },
              { label: t('neu.deposit.confirmations'), value: String(d.confirmations) },
              {
                label: t('neu.deposit.crediting'),
                value: d.mode === 'chain' ? t('neu.deposit.byItself') : t('neu.deposit.byOperator'),
              },
            ]}
          />
          <ul className="neu-notes">
            <li>{t('neu.deposit.noteSame', { network })}</li>
            <li>
              {d.mode === 'chain'
                ? t('neu.deposit.noteConfirmations', { count: d.confirmations })
                : t('neu.deposit.noteOperator')}
            </li>
          </ul>
        </section>
      )}
    </div>
  );
}

function WithdrawalRow({ w }: { readonly w: Withdrawal }): ReactNode {
  const { t } = useTranslation('neu');
  const details: { label: string; value: ReactNode; tone?: 'danger' }[] = [
    { label: t('neu.withdraw.toAddress'), value: <HashText value={w.address} /> },
    { label: t('neu.fee'), value: <Money value={w.fee} asset={w.asset} /> },
  ];
  if (w.tx_hash)
    details.push({ label: t('neu.txHash'), value: <HashText value={w.tx_hash} href={w.tx_url} /> });
  if (w.status === 'failed' && w.reason)
    details.push({ label: t('neu.reason'), value: w.reason, tone: 'danger' });
  return (
    <div data-testid="neu-withdrawal-row">
      <RecordRow
        title={`${w.asset} · ${networkName(w.chain)}`}
        amount={<Money value={w.amount} asset={w.asset} />}
        time={w.time}
        tag={<StatusTag status={w.status} />}
        details={details}
      />
    </div>
  );
}

/** Withdraw one asset: address, amount within the wallet's rules for it, confirmation, its records. */
function WithdrawForm({ asset, rules }: { readonly asset: Asset; readonly rules: Rules | null }): ReactNode {
  const { t } = useTranslation('neu');
  const addressId = useId();
  const balances = useBalances();
  const neuCall = useMoneyCall('/api/neu/withdrawalNeu', REFRESH);
  const usdtCall = useMoneyCall('/api/neu/withdrawal', REFRESH);
  const call = asset === NEU_ASSET ? neuCall : usdtCall;
  const [address, setAddress] = useState('');
  const [touchedAddress, setTouchedAddress] = useState(false);
  const [tried, setTried] = useState(false);
  const scale = assetScale(asset);
  const amount = useAmountField({
    prompt: 'prompts.withdrawalAmount',
    asset,
    available: balances.available(asset, 'spot'),
    ...(rules ? { fee: rules.fee, min: rules.min, dailyLeft: rules.daily_left } : {}),
    tried,
  });
  const shown = (value: string | undefined) =>
    value === undefined ? '--' : `${formatUpTo(value, scale)} ${asset}`;
  const addressProblem =
    address.trim() === '' ? 'required' : EVM_ADDRESS_PATTERN.test(address.trim()) ? null : 'invalid';
  const addressError =
    (tried || touchedAddress) && addressProblem
      ? addressProblem === 'required'
        ? t('prompts.receivingAddress')
        : t('neu.withdraw.addressInvalid')
      : null;
  const valid = isPositiveAmount(amount.value);
  const total = valid && rules ? addAmounts(amount.value, rules.fee) : null;

  const review = () => {
    setTried(true);
    if (!rules || addressProblem || amount.problem) return;
    call.open({ chain: DEFAULT_CHAIN, address: address.trim(), amount: amount.value });
  };
  const confirm = async () => {
    const done = await call.confirm();
    if (!done) return;
    showToast(t('messages.submitSuccess'));
    setAddress('');
    amount.reset();
    setTried(false);
    setTouchedAddress(false);
  };
  const content = call.content;
  return (
    <>
      <Field label={t('neu.withdraw.address')} htmlFor={addressId} error={addressError}>
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
          { label: t('neu.fee'), value: shown(rules?.fee) },
          { label: t('neu.minimum'), value: shown(rules?.min) },
          { label: t('neu.dailyLeft'), value: shown(rules?.daily_left) },
          { label: t('neu.totalDeducted'), value: total ? `${formatUpTo(total, scale)} ${asset}` : '--' },
          {
            label: t('neu.youReceive'),
            value: valid ? `${formatUpTo(amount.value, scale)} ${asset}` : '--',
            strong: true,
          },
        ]}
      />
      <SubmitButton disabled={call.busy || !rules} onClick={review}>
        {t('neu.withdraw.submit', { asset })}
      </SubmitButton>
      <p className="neu-foot">{t('neu.withdraw.reviewNote')}</p>
      <ConfirmSheet
        visible={content !== null}
        title={t('neu.withdraw.confirmTitle', { asset })}
        busy={call.busy}
        onClose={call.close}
        onConfirm={() => void confirm()}
        note={t('neu.withdraw.reviewNote')}
        rows={
          content && rules
            ? [
                { label: t('neu.network'), value: networkName(content.chain ?? DEFAULT_CHAIN) },
                {
                  label: t('neu.withdraw.toAddress'),
                  value: <span className="neu-mono">{content.address}</span>,
                },
                { label: t('neu.amount'), value: `${formatUpTo(content.amount, scale)} ${asset}` },
                { label: t('neu.fee'), value: shown(rules.fee) },
                {
                  label: t('neu.totalDeducted'),
                  value: `${formatUpTo(addAmounts(content.amount, rules.fee), scale)} ${asset}`,
                  strong: true,
                },
              ]
            : []
        }
      />
    </>
  );
}

function Withdraw(): ReactNode {
  const { t } = useTranslation('neu');
  const [asset, setAsset] = useState<Asset>(NEU_ASSET);
  const rulesQuery = useApiQuery('/api/withdraw/list', RULES_PAGE);
  const rules = rulesQuery.data?.rules.find((r) => r.asset === asset) ?? null;
  return (
    <>
      <div className="neu-form">
        <section className="card neu-card">
          {rulesQuery.isError && !rulesQuery.data ? (
            <ErrorState onRetry={() => void rulesQuery.refetch()} />
          ) : (
            <>
              <div className="neu-form__pair">
                <Field label={t('neu.asset')}>
                  <Segments
                    label={t('neu.asset')}
                    value={asset}
                    onChange={setAsset}
                    options={ASSETS.map((a) => ({ value: a, label: a }))}
                  />
                </Field>
                <Field label={t('neu.network')}>
                  <div className="neu-static">{networkName(DEFAULT_CHAIN)}</div>
                </Field>
              </div>
              <WithdrawForm key={asset} asset={asset} rules={rules} />
            </>
          )}
        </section>
      </div>
      <RecordsSection
        key={asset}
        texts={{
          title: t('neu.withdraw.records', { asset }),
          emptyTitle: t('neu.withdraw.emptyTitle'),
          emptyBody: t('neu.withdraw.emptyBody'),
        }}
        path="/api/withdraw/list"
        filters={{ symbol: asset }}
        renderItem={(w) => <WithdrawalRow w={w} />}
      />
    </>
  );
}

/** NEU deposit & withdrawal (/neuRecharge1): my deposit address per network; withdraw NEU or USDT; records. */
export default function NeuWalletScreen(): ReactNode {
  const { t } = useTranslation('neu');
  const { token } = useSession();
  const [tab, setTab] = useTabParam(TABS, 'deposit');
  const refresh = useRefresh('/api/withdraw/receiveUsdt', '/api/withdraw/list', '/api/finance/userFinance');
  if (!token) return <SignInPrompt title={t('neu.signInTitle')} body={t('neu.signInBody')} />;
  return (
    <PullToRefresh onRefresh={refresh}>
      <div className="neu-screen">
        <Tabs
          className="neu-tabs"
          size="m"
          value={tab}
          onChange={setTab}
          label={t('screens.neuRecharge1')}
          items={[
            { key: 'deposit', label: t('neu.tabs.deposit') },
            { key: 'withdraw', label: t('neu.tabs.withdraw') },
          ]}
        />
        {tab === 'deposit' ? <Deposit /> : <Withdraw />}
      </div>
    </PullToRefresh>
  );
}
