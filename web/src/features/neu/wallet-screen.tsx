import { DEFAULT_CHAIN, EVM_ADDRESS_PATTERN, NEU_ASSET, type ResponseData } from '@nexa/contract';
import { Skeleton } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { useApiQuery } from '../../api/hooks';
import { useBalances, useMoneyCall } from '../../hooks/money';
import { useTranslation } from '../../i18n';
import { addAmounts, EXACT } from '../../lib/amounts';
import { useSession } from '../../session';
import { DepositAddressCard } from '../../ui/deposit-address';
import { Field, Segments, SubmitButton } from '../../ui/form';
import { IconInfo } from '../../ui/icons';
import { WithdrawalRecordRow } from '../../ui/money-records';
import { PullToRefresh } from '../../ui/pull-to-refresh';
import { RecordsSection } from '../../ui/records-section';
import { ConfirmSheet, InfoRows } from '../../ui/sheet';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { ErrorState } from '../../ui/states';
import { Tabs } from '../../ui/tabs';
import { TotpField, useTotpField } from '../../ui/totp-field';
import { useWithdrawForm, WithdrawFields } from '../../ui/withdraw-fields';
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

type Rules = ResponseData<'/api/withdraw/list'>['rules'][number];

/** My deposit address on a network, with its QR code and copy: the same address takes NEU and USDT there. */
function Deposit(): ReactNode {
  const { t } = useTranslation('neu');
  const [chain, setChain] = useState<Chain>(DEFAULT_CHAIN as Chain);
  const q = useApiQuery('/api/withdraw/receiveUsdt', { chain });
  const network = networkName(chain);
  const d = q.data;
  return (
    <div className="page page--no-bottom">
      <section className="card box neu-card">
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
          <section className="card box neu-card">
            <ErrorState onRetry={() => void q.refetch()} />
          </section>
        ) : (
          <section className="card box neu-card deposit-address" aria-busy="true">
            <Skeleton animated className="qr__placeholder neu-qr-loading" />
            <Skeleton.Paragraph animated lineCount={3} />
          </section>
        )
      ) : d.address === null ? (
        <section className="card box neu-card notice">
          <IconInfo className="notice__icon" />
          <p>{t('neu.deposit.noAddress', { network })}</p>
        </section>
      ) : (
        <DepositAddressCard
          className="card box neu-card"
          address={d.address}
          texts={{
            qrAlt: t('neu.deposit.qrAlt'),
            label: t('neu.deposit.addressLabel', { network }),
            copy: t('neu.deposit.copy'),
          }}
          testIds={{ address: 'neu-deposit-address', qr: 'neu-deposit-qr', copy: 'neu-copy-address' }}
          details={
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
          }
          notes={[
            t('neu.deposit.noteSame', { network }),
            d.mode === 'chain'
              ? t('neu.deposit.noteConfirmations', { count: d.confirmations })
              : t('neu.deposit.noteOperator'),
          ]}
        />
      )}
    </div>
  );
}

/** Withdraw one asset: address, amount within the wallet's rules for it, confirmation, its records. */
function WithdrawForm({ asset, rules }: { readonly asset: Asset; readonly rules: Rules | null }): ReactNode {
  const { t } = useTranslation('neu');
  const balances = useBalances();
  // Each withdrawal is confirmed by a fresh signature of the account's wallet (and the authenticator's code).
  const named = (of: string) => (c: { amount: string; address: string }) => ({
    action: 'withdraw' as const,
    asset: of,
    amount: c.amount,
    destination: c.address,
  });
  const neuCall = useMoneyCall('/api/neu/withdrawalNeu', REFRESH, named(NEU_ASSET));
  const usdtCall = useMoneyCall('/api/neu/withdrawal', REFRESH, named('USDT'));
  const [tried, setTried] = useState(false);
  const totp = useTotpField(tried);
  const call = asset === NEU_ASSET ? neuCall : usdtCall;
  const form = useWithdrawForm({
    asset,
    available: balances.available(asset, 'spot'),
    rules,
    validAddress: (a) => EVM_ADDRESS_PATTERN.test(a.trim()),
    call,
  });
  const exact = (value: string) => form.amount.registry.format(value, asset, EXACT);
  const shown = (value: string | undefined) => (value === undefined ? '--' : `${exact(value)} ${asset}`);
  const review = () => {
    setTried(true);
    if (!totp.problem) form.review((to) => call.open({ chain: DEFAULT_CHAIN, ...to, ...totp.body() }));
  };
  const content = call.content;
  return (
    <>
      <WithdrawFields form={form} />
      <TotpField field={totp} />
      <SubmitButton disabled={call.busy || !rules} onClick={review}>
        {t('neu.withdraw.submit', { asset })}
      </SubmitButton>
      <p className="neu-foot">{t('neu.withdraw.reviewNote')}</p>
      <ConfirmSheet
        visible={content !== null}
        title={t('neu.withdraw.confirmTitle', { asset })}
        busy={call.busy}
        onClose={call.close}
        onConfirm={() => void form.confirm()}
        note={t('neu.withdraw.reviewNote')}
        rows={
          content && rules
            ? [
                { label: t('neu.network'), value: networkName(content.chain ?? DEFAULT_CHAIN) },
                {
                  label: t('neu.withdraw.toAddress'),
                  value: <span className="neu-mono">{content.address}</span>,
                },
                { label: t('neu.amount'), value: `${exact(content.amount)} ${asset}` },
                { label: t('neu.fee'), value: shown(rules.fee) },
                {
                  label: t('neu.totalDeducted'),
                  value: `${exact(addAmounts(content.amount, rules.fee))} ${asset}`,
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
      <div className="page page--no-bottom">
        <section className="card box neu-card">
          {rulesQuery.isError && !rulesQuery.data ? (
            <ErrorState onRetry={() => void rulesQuery.refetch()} />
          ) : (
            <>
              <div className="field-pair">
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
        renderItem={(w) => (
          <WithdrawalRecordRow
            w={w}
            network={networkName}
            texts={{ toAddress: t('neu.withdraw.toAddress'), txHash: t('neu.txHash') }}
            testId="neu-withdrawal-row"
          />
        )}
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
