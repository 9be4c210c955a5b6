import { formatDateTime, type ResponseData } from '@nexa/contract';
import { Skeleton } from 'antd-mobile';
import { type ReactNode, useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiFailure, useApiMutation, useApiQuery } from '../../api/hooks';
import type { PagedItem } from '../../api/paging';
import { useAssets } from '../../hooks/assets';
import { useTranslation } from '../../i18n';
import { useSession } from '../../session';
import { AmountField, useAmountField } from '../../ui/amount-field';
import { DepositAddressCard } from '../../ui/deposit-address';
import { Field, SubmitButton, TextInput } from '../../ui/form';
import { IconInfo } from '../../ui/icons';
import { AssetIcon, HashText, Money, RecordRow, StatusTag } from '../../ui/money';
import { RecordsSection } from '../../ui/records-section';
import { InfoRows } from '../../ui/sheet';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { ErrorState } from '../../ui/states';
import { showToast } from '../../ui/toast';
import { isTxHash } from './rules';
import './wallet-screens.css';

type Network = ResponseData<'/api/recharge/networks'>['list'][number];
type Faucet = NonNullable<ResponseData<'/api/recharge/networks'>['faucet']>;
type Deposit = PagedItem<'/v1/recharge/list'>;

const NO_FILTERS = {};
const MANUAL_CHAIN = 'manual';
/** How often the records are asked again while a deposit confirms. */
const CONFIRMING_REFRESH_MS = 5000;

/** A network as users know it: "USDT · TRC20". */
export function networkName(n: { readonly asset: string; readonly network: string }): string {
  return `${n.asset} · ${n.network}`;
}

function NetworkAddress({ n, demoKey }: { readonly n: Network; readonly demoKey: boolean }): ReactNode {
  const { t } = useTranslation('wallet');
  const registry = useAssets();
  if (!n.address) {
    return (
      <section className="wform__card notice">
        <IconInfo className="notice__icon" />
        <p>{t('deposit.noAddress')}</p>
      </section>
    );
  }
  return (
    <DepositAddressCard
      className="wform__card"
      address={n.address}
      texts={{
        qrAlt: t('deposit.qrAlt'),
        label: t('deposit.addressLabel', { asset: n.asset, chain: n.network }),
        copy: t('deposit.copyAddress'),
      }}
      testIds={{ address: 'deposit-address' }}
      note={
        demoKey ? (
          <p className="deposit-address__demo" role="note">
            {t('deposit.demoKeyWarning')}
          </p>
        ) : null
      }
      details={
        <InfoRows
          rows={[
            {
              label: t('deposit.minimum'),
              value: `${registry.format(n.min, n.asset, { exact: true })} ${n.asset}`,
            },
            { label: t('deposit.confirmationsNeeded'), value: String(n.confirmations) },
            {
              label: t('deposit.crediting'),
              value: n.mode === 'chain' ? t('deposit.creditedByItself') : t('deposit.creditedByOperator'),
            },
          ]}
        />
      }
      notes={[
        t('deposit.noteOnly', { asset: n.asset, chain: n.network }),
        n.mode === 'operator'
          ? t('deposit.noteReport')
          : n.credit_confirmations < n.confirmations
            ? t('deposit.noteHeld', { credit: n.credit_confirmations, count: n.confirmations })
            : t('deposit.noteConfirmations', { count: n.confirmations }),
      ]}
    />
  );
}

/** Demo funds: one tap, once per platform day (only where the demo is on). */
function FaucetCard({ faucet }: { readonly faucet: Faucet }): ReactNode {
  const { t } = useTranslation('wallet');
  const navigate = useNavigate();
  // Sent here to top up for something (a shop order's `?back=`): once the funds are in, back to it.
  const [params] = useSearchParams();
  const raw = params.get('back');
  const back = raw?.startsWith('/') && !raw.startsWith('//') ? raw : null;
  const claim = useApiMutation('/api/recharge/faucet', {
    refreshes: ['/api/recharge/networks', '/api/finance/userFinance', '/api/assets/moneyRecord'],
    handles: ['FaucetClaimed'],
  });
  const [error, setError] = useState<string | null>(null);
  const registry = useAssets();
  const exact = (amount: string, asset: string) => registry.format(amount, asset, { exact: true });
  const next = faucet.next_at ? formatDateTime(faucet.next_at) : null;
  const go = async () => {
    setError(null);
    try {
      const got = await claim.mutateAsync({});
      showToast(t('faucet.credited', { amount: exact(got.amount, got.asset), asset: got.asset }));
      if (back) void navigate(back);
    } catch (e) {
      if (e instanceof ApiFailure && e.is('FaucetClaimed')) setError(e.message);
    }
  };
  return (
    <section className="wform__card faucet" aria-labelledby="faucet-title">
      <div className="faucet__head">
        <span className="faucet__badge">{t('faucet.badge')}</span>
        <h2 className="wform__title" id="faucet-title">
          {t('faucet.title')}
        </h2>
      </div>
      <p className="wform__lead">
        {t('faucet.body', { amount: exact(faucet.amount, faucet.asset), asset: faucet.asset })}
      </p>
      {next ? (
        <p className="faucet__next">{t('faucet.next', { time: next })}</p>
      ) : (
        <SubmitButton disabled={claim.isPending} onClick={() => void go()}>
          {claim.isPending
            ? t('common.loading')
            : t('faucet.claim', { amount: exact(faucet.amount, faucet.asset), asset: faucet.asset })}
        </SubmitButton>
      )}
      {error ? (
        <p className="wf__error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}

/**
 * Report a deposit by its transaction hash (and, where an operator confirms deposits, its amount): the way
 * in where nothing watches the network, the fallback where something does.
 */
function ReportForm({ n }: { readonly n: Network }): ReactNode {
  const { t } = useTranslation('wallet');
  const operator = n.mode === 'operator';
  const [open, setOpen] = useState(false);
  const report = useApiMutation('/api/recharge/recharge', {
    refreshes: ['/v1/recharge/list', '/api/finance/userFinance'],
  });
  const hashId = useId();
  const [hash, setHash] = useState('');
  const [tried, setTried] = useState(false);
  const [touchedHash, setTouchedHash] = useState(false);
  const amount = useAmountField({ prompt: 'prompts.depositAmount', asset: n.asset, tried });

  const hashProblem = hash.trim() === '' ? 'required' : isTxHash(hash) ? null : 'invalid';
  const amountProblem = operator ? amount.problem : null;
  const hashError =
    (tried || touchedHash) && hashProblem
      ? hashProblem === 'required'
        ? t('deposit.txHashPrompt')
        : t('deposit.txHashInvalid')
      : null;

  const submit = async () => {
    setTried(true);
    if (hashProblem || amountProblem || report.isPending) return;
    try {
      await report.mutateAsync({
        asset: n.asset,
        chain: operator ? MANUAL_CHAIN : n.chain,
        tx_hash: hash.trim(),
        ...(operator ? { amount: amount.value } : {}),
      });
      showToast(t('messages.submitSuccess'));
      setHash('');
      amount.reset();
      setTried(false);
      setTouchedHash(false);
    } catch {
      // Toasted by the query client (not found, block processing…); the form keeps what was typed.
    }
  };

  return (
    <section className="wform__card">
      <button type="button" className="report-toggle" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        <span>
          <span className="wform__title">
            {operator ? t('deposit.operatorTitle') : t('deposit.reportTitle')}
          </span>
          <span className="wform__lead">
            {operator ? t('deposit.operatorBody') : t('deposit.reportBody')}
          </span>
        </span>
        <span className={open ? 'report-toggle__chev report-toggle__chev--open' : 'report-toggle__chev'}>
          ›
        </span>
      </button>
      {open ? (
        <>
          <Field label={t('deposit.txHash')} htmlFor={hashId} error={hashError}>
            <TextInput
              id={hashId}
              value={hash}
              onChange={(v) => setHash(v.trim())}
              onBlur={() => setTouchedHash(true)}
              placeholder={t('deposit.txHashPrompt')}
              maxLength={66}
              mono
            />
          </Field>
          {operator ? <AmountField field={amount} /> : null}
          <SubmitButton disabled={report.isPending} onClick={() => void submit()}>
            {report.isPending ? t('common.loading') : t('deposit.reportSubmit')}
          </SubmitButton>
        </>
      ) : null}
    </section>
  );
}

/** Seen, n of N confirmations, credited: where an incoming deposit stands. */
function DepositRow({
  d,
  networks,
}: {
  readonly d: Deposit;
  readonly networks: readonly Network[];
}): ReactNode {
  const { t } = useTranslation('wallet');
  const n = networks.find((x) => x.chain === d.chain && x.asset === d.asset);
  const title =
    d.chain === MANUAL_CHAIN ? `${d.asset} · ${t('deposit.manualNetwork')}` : n ? networkName(n) : d.asset;
  const details: { label: string; value: ReactNode; tone?: 'danger' }[] = [
    {
      label: t('walletForm.txHash'),
      value: <HashText value={d.tx_hash} href={d.tx_url} />,
    },
  ];
  if (d.status === 'pending' && d.confirmations !== null) {
    details.push({
      label: t('deposit.confirmations'),
      value: n
        ? t('deposit.confirmationsOf', { n: d.confirmations, of: n.confirmations })
        : String(d.confirmations),
    });
  }
  if (d.locked && n)
    details.push({ label: t('deposit.crediting'), value: t('deposit.lockedUntil', { of: n.confirmations }) });
  if (d.status === 'failed' && d.reason)
    details.push({
      label: t('walletForm.reason'),
      value: d.reason === 'reorg' ? t('deposit.reasonReorg') : d.reason,
      tone: 'danger',
    });
  return (
    <RecordRow
      title={title}
      amount={<Money value={d.amount} asset={d.asset} sign />}
      time={d.time}
      tag={<StatusTag status={d.status} />}
      details={details}
    />
  );
}

function Chips<V extends string>({
  label,
  options,
  value,
  onChange,
}: {
  readonly label: string;
  readonly options: readonly { value: V; label: ReactNode }[];
  readonly value: V | null;
  readonly onChange: (v: V) => void;
}): ReactNode {
  return (
    <fieldset className="netchips" aria-label={label}>
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          aria-pressed={o.value === value}
          className={o.value === value ? 'netchip netchip--on' : 'netchip'}
          onClick={() => onChange(o.value)}
        >
          {o.label}
        </button>
      ))}
    </fieldset>
  );
}

function Deposit(): ReactNode {
  const { t } = useTranslation('wallet');
  const [params] = useSearchParams();
  const query = useApiQuery('/api/recharge/networks', NO_FILTERS);
  const list = query.data?.list ?? [];
  const assets = [...new Set(list.map((n) => n.asset))];
  const [asset, setAsset] = useState<string | null>(params.get('asset')?.toUpperCase() ?? null);
  const chosenAsset = asset && assets.includes(asset) ? asset : (assets[0] ?? null);
  const onAsset = list.filter((n) => n.asset === chosenAsset);
  const [chain, setChain] = useState<string | null>(null);
  const n = onAsset.find((x) => x.chain === chain) ?? onAsset[0] ?? null;

  return (
    <>
      <div className="wform">
        {query.data?.faucet ? <FaucetCard faucet={query.data.faucet} /> : null}

        {query.isPending ? (
          <section className="wform__card">
            <Skeleton animated className="qr__placeholder qr__placeholder--center" />
            <Skeleton.Paragraph animated lineCount={3} />
          </section>
        ) : query.isError || !n ? (
          <section className="wform__card">
            <ErrorState onRetry={() => void query.refetch()} />
          </section>
        ) : (
          <>
            <section className="wform__card">
              <Field label={t('walletForm.asset')}>
                <Chips
                  label={t('walletForm.asset')}
                  value={chosenAsset}
                  onChange={(a) => {
                    setAsset(a);
                    setChain(null);
                  }}
                  options={assets.map((a) => ({
                    value: a,
                    label: (
                      <>
                        <AssetIcon asset={a} size={20} /> {a}
                      </>
                    ),
                  }))}
                />
              </Field>
              <Field label={t('walletForm.network')}>
                <Chips
                  label={t('walletForm.network')}
                  value={n.chain}
                  onChange={setChain}
                  options={onAsset.map((x) => ({ value: x.chain, label: networkName(x) }))}
                />
              </Field>
            </section>
            <NetworkAddress n={n} demoKey={query.data.demo_key} />
            <ReportForm key={`${n.asset}-${n.chain}`} n={n} />
          </>
        )}
      </div>

      <RecordsSection
        texts={{
          title: t('deposit.records'),
          emptyTitle: t('deposit.emptyTitle'),
          emptyBody: t('deposit.emptyBody'),
        }}
        path="/v1/recharge/list"
        filters={NO_FILTERS}
        refreshEvery_ms={(rows) => (rows.some((d) => d.status === 'pending') ? CONFIRMING_REFRESH_MS : false)}
        renderItem={(d) => <DepositRow d={d} networks={list} />}
      />
    </>
  );
}

/** Deposit: the user's address and QR code per asset and network, demo funds, a report by hash, the records. */
export default function DepositScreen(): ReactNode {
  const { token } = useSession();
  return token ? <Deposit /> : <SignInPrompt />;
}
