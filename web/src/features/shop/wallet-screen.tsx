import { type ReactNode, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n';
import { EXACT, ratePercent } from '../../lib/amounts';
import { AmountField } from '../../ui/amount-field';
import { BalanceCard, BalanceCardPending } from '../../ui/balance-card';
import { Segments, SubmitButton } from '../../ui/form';
import { IconRight } from '../../ui/icons';
import { PullToRefresh } from '../../ui/pull-to-refresh';
import { ConfirmSheet, InfoRows } from '../../ui/sheet';
import { InlineError } from '../../ui/states';
import {
  type ShopConfig,
  type ShopInfo,
  SignedIn,
  USDT,
  useRefresh,
  useShopConfig,
  useShopInfo,
} from './shop-parts';
import './shop.css';
import { useAssets } from '../../hooks/assets';
import { type Mode, type MoveFormState, useMoveForm } from './use-move-form';

/** The shop balance, what is held, and the way to the records. */
function ShopBalance({
  info,
  onRetry,
  failed,
}: {
  readonly info: ShopInfo | undefined;
  readonly onRetry: () => void;
  readonly failed: boolean;
}): ReactNode {
  const { t } = useTranslation('shop');
  const registry = useAssets();
  if (!info) return <BalanceCardPending className="sbox" failed={failed} onRetry={onRetry} />;
  return (
    <BalanceCard
      className="sbox"
      labelId="shop-balance-label"
      label={t('shop.wallet.balance', { asset: USDT })}
      records={{ to: 'order3', title: t('screens.order3'), testId: 'to-wallet-records' }}
      value={registry.format(info.balance, USDT)}
      valueTestId="shop-balance"
    >
      {t('shop.wallet.held')}{' '}
      <span className="num" data-testid="shop-held">
        {registry.format(info.held, USDT)}
      </span>
    </BalanceCard>
  );
}

/** The move's figures: from where, to where, the fee, the minimum, and what arrives. */
function MoveFigures({
  mode,
  config,
  form,
}: {
  readonly mode: Mode;
  readonly config: ShopConfig | undefined;
  readonly form: MoveFormState;
}): ReactNode {
  const { t } = useTranslation('shop');
  const registry = useAssets();
  const { split } = form;
  const rows = [
    {
      label: t('shop.wallet.from'),
      value: mode === 'recharge' ? t('shop.wallet.usdtWallet') : t('shop.wallet.shopWallet'),
    },
    {
      label: t('shop.wallet.to'),
      value: mode === 'recharge' ? t('shop.wallet.shopWallet') : t('shop.wallet.usdtWallet'),
    },
    {
      label: form.feeLabel,
      value:
        mode === 'recharge'
          ? t('walletForm.free')
          : split
            ? `${registry.format(split.fee, USDT, EXACT)} ${USDT}`
            : '--',
    },
    {
      label: t('walletForm.minimum'),
      value: config ? `${registry.format(config.min_move, USDT, EXACT)} ${USDT}` : '--',
    },
    {
      label: mode === 'withdraw' ? t('shop.wallet.youGetLater') : t('walletForm.youReceive'),
      value: (
        <span data-testid="move-receive">
          {split ? `${registry.format(split.received, USDT, EXACT)} ${USDT}` : '--'}
        </span>
      ),
      strong: true,
    },
  ];
  return <InfoRows rows={rows} />;
}

/** The move to confirm: the amount, the fee, where it goes, and what arrives in large. */
function MoveConfirm({ mode, form }: { readonly mode: Mode; readonly form: MoveFormState }): ReactNode {
  const { t } = useTranslation('shop');
  const registry = useAssets();
  const { call, pending } = form;
  return (
    <ConfirmSheet
      visible={call.content !== null}
      title={t(`shop.wallet.confirm.${mode}`)}
      busy={call.busy}
      onClose={call.close}
      onConfirm={() => void form.confirm()}
      note={
        mode === 'withdraw'
          ? t('shop.wallet.holdNote')
          : mode === 'flash'
            ? t('shop.wallet.flashNote')
            : undefined
      }
      rows={
        call.content && pending
          ? [
              {
                label: t('walletForm.amount'),
                value: `${registry.format(call.content.amount, USDT, EXACT)} ${USDT}`,
              },
              {
                label: form.feeLabel,
                value:
                  mode === 'recharge'
                    ? t('walletForm.free')
                    : `${registry.format(pending.fee, USDT, EXACT)} ${USDT}`,
              },
              {
                label: t('shop.wallet.to'),
                value: mode === 'recharge' ? t('shop.wallet.shopWallet') : t('shop.wallet.usdtWallet'),
              },
            ]
          : []
      }
    >
      {pending ? (
        <p className="sheet__hero">
          <span className="sheet__hero-label">
            {mode === 'withdraw' ? t('shop.wallet.youGetLater') : t('walletForm.youReceive')}
          </span>
          <span className="sheet__hero-value num">
            {registry.format(pending.received, USDT, EXACT)} {USDT}
          </span>
        </p>
      ) : null}
    </ConfirmSheet>
  );
}

/** One of the three moves: its amount, what it costs and what arrives, confirmed in a sheet. */
function MoveForm({
  mode,
  info,
  config,
  onDone,
}: {
  readonly mode: Mode;
  readonly info: ShopInfo | undefined;
  readonly config: ShopConfig | undefined;
  readonly onDone?: () => void;
}): ReactNode {
  const { t } = useTranslation('shop');
  const form = useMoveForm(mode, info, config, onDone);
  return (
    <>
      <section className="card sbox swallet__form" data-testid={`form-${mode}`}>
        <p className="wform__lead">{t(`shop.wallet.lead.${mode}`)}</p>
        <AmountField field={form.amount} />
        <MoveFigures mode={mode} config={config} form={form} />
        {mode === 'withdraw' ? (
          <p className="note" data-testid="hold-note">
            {t('shop.wallet.holdNote')}
          </p>
        ) : null}
        <SubmitButton disabled={form.call.busy || !config} onClick={form.review}>
          {t(`shop.wallet.submit.${mode}`)}
        </SubmitButton>
      </section>
      <MoveConfirm mode={mode} form={form} />
    </>
  );
}

function ShopWallet(): ReactNode {
  const { t } = useTranslation('shop');
  const registry = useAssets();
  const info = useShopInfo();
  const config = useShopConfig();
  const [mode, setMode] = useState<Mode>('recharge');
  const navigate = useNavigate();
  const back = backTo(useSearchParams()[0].get('back'));
  const refresh = useRefresh('/api/shop/uinfo', '/api/shop/config', '/api/finance/userFinance');
  const c = config.data;
  return (
    <PullToRefresh onRefresh={refresh}>
      <div className="page page--tight shop swallet">
        <ShopBalance info={info.data} failed={info.isError} onRetry={() => void info.refetch()} />
        <Segments
          label={t('screens.order2')}
          value={mode}
          onChange={setMode}
          options={[
            { value: 'recharge', label: t('shop.wallet.recharge') },
            { value: 'withdraw', label: t('shop.wallet.withdraw') },
            { value: 'flash', label: t('shop.wallet.flash') },
          ]}
        />
        {config.isError && !c ? (
          <InlineError className="card sbox" onRetry={() => void config.refetch()} />
        ) : null}
        {back ? (
          <Link to={back} className="slinkbtn" data-testid="back-to-order">
            {t('shop.wallet.backToOrder')}
            <IconRight />
          </Link>
        ) : null}
        <MoveForm
          key={mode}
          mode={mode}
          info={info.data}
          config={c}
          {...(back && mode === 'recharge' ? { onDone: () => navigate(back, { replace: true }) } : {})}
        />
        <section className="card sbox" aria-labelledby="shop-terms">
          <h2 className="sbox__title" id="shop-terms">
            {t('shop.wallet.terms')}
          </h2>
          <InfoRows
            rows={[
              { label: t('shop.wallet.recharge'), value: t('walletForm.free') },
              {
                label: t('shop.wallet.withdraw'),
                value: c ? t('shop.wallet.ratePlusHold', { rate: ratePercent(c.withdraw_fee_rate) }) : '--',
              },
              { label: t('shop.wallet.flash'), value: c ? `${ratePercent(c.flash_fee_rate)}%` : '--' },
              {
                label: t('walletForm.minimum'),
                value: c ? `${registry.format(c.min_move, USDT, EXACT)} ${USDT}` : '--',
              },
            ]}
          />
        </section>
      </div>
    </PullToRefresh>
  );
}

/** Where a recharge made for an order goes back to: a path of this app, never another site. */
function backTo(v: string | null): string | null {
  return v?.startsWith('/') && !v.startsWith('//') ? v : null;
}

/** Shop wallet (/order2): the shop balance; recharge from USDT, withdraw back (fee, then a hold), flash USDT. */
export default function ShopWalletScreen(): ReactNode {
  return <SignedIn>{() => <ShopWallet />}</SignedIn>;
}
