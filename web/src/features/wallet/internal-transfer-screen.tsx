import { ACCOUNT_KINDS, type AccountKind } from '@nexa/contract';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { NO_BODY, useApiQuery } from '../../api/hooks';
import { useAssets } from '../../hooks/assets';
import { useBalances, useMoneyCall } from '../../hooks/money';
import { useTranslation } from '../../i18n';
import { compareAmounts, subtractAmounts } from '../../lib/amounts';
import { routePath } from '../../paths';
import { useSession } from '../../session';
import { AmountField, balanceText, useAmountField } from '../../ui/amount-field';
import { Field, PickerButton, SubmitButton } from '../../ui/form';
import { IconRecords, IconRight, IconSwapVertical } from '../../ui/icons';
import { AssetIcon } from '../../ui/money';
import { AssetPickerSheet, ConfirmSheet, InfoRows, PickerSheet } from '../../ui/sheet';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { showToast } from '../../ui/toast';
import { pickSide } from './rules';
import './wallet-screens.css';

type Side = 'from' | 'to';

/**
 * What may leave the account now: its available balance, or for USDT out of the futures account what its
 * cross positions leave of it (`max_transfer`; the rest keeps them at their initial margin). `kept` is that
 * rest, null when nothing is kept.
 */
function useMovable(available: string | null, from: AccountKind, asset: string) {
  const fromFutures = from === 'futures' && asset === 'USDT';
  const futures = useApiQuery('/v1/futures/account', NO_BODY, {
    enabled: fromFutures,
    refetchInterval_ms: 5_000,
  });
  const most = fromFutures ? futures.data?.max_transfer : undefined;
  if (available === null || most === undefined || compareAmounts(most, available) >= 0)
    return { movable: available, kept: null };
  return { movable: most, kept: subtractAmounts(available, most) };
}

/** From which account to which: each opens its picker; the round button swaps them. */
function RouteCard({
  from,
  to,
  onPick,
  onSwap,
}: {
  readonly from: string;
  readonly to: string;
  readonly onPick: (side: Side) => void;
  readonly onSwap: () => void;
}): ReactNode {
  const { t } = useTranslation('wallet');
  return (
    <div className="route-card">
      <div className="route-card__rows">
        <button type="button" className="route-card__row" onClick={() => onPick('from')}>
          <span className="route-card__k">{t('internal.from')}</span>
          <span className="route-card__v">{from}</span>
          <IconRight className="route-card__arrow" />
        </button>
        <span className="route-card__line" aria-hidden="true" />
        <button type="button" className="route-card__row" onClick={() => onPick('to')}>
          <span className="route-card__k">{t('internal.to')}</span>
          <span className="route-card__v">{to}</span>
          <IconRight className="route-card__arrow" />
        </button>
      </div>
      <button
        type="button"
        className="round-btn route-card__swap"
        aria-label={t('internal.swap')}
        onClick={onSwap}
      >
        <IconSwapVertical />
      </button>
    </div>
  );
}

/** Both balances; what stays for cross positions and what may go, when some stays (with why); fee, arrival. */
function TransferRows({
  rows,
  kept,
  movable,
}: {
  readonly rows: readonly { readonly label: string; readonly value: string }[];
  readonly kept: string | null;
  readonly movable: string;
}): ReactNode {
  const { t } = useTranslation('wallet');
  return (
    <>
      <InfoRows
        rows={[
          ...rows,
          ...(kept === null
            ? []
            : [
                { label: t('internal.crossKept'), value: kept },
                { label: t('internal.movable'), value: movable },
              ]),
          { label: t('walletForm.fee'), value: t('walletForm.free') },
          { label: t('transfer.arrival'), value: t('transfer.instant') },
        ]}
      />
      {kept === null ? null : <p className="note">{t('internal.crossKeptNote')}</p>}
    </>
  );
}

type TransferCall = ReturnType<typeof useMoneyCall<'/api/transferBalance/index'>>;

/** The confirmation: the amount large, from which account to which, no fee. */
function ConfirmTransfer({
  call,
  asset,
  onConfirm,
}: {
  readonly call: TransferCall;
  readonly asset: string;
  readonly onConfirm: () => void;
}): ReactNode {
  const { t } = useTranslation('wallet');
  const registry = useAssets();
  return (
    <ConfirmSheet
      visible={call.content !== null}
      title={t('internal.confirmTitle')}
      busy={call.busy}
      onClose={call.close}
      onConfirm={onConfirm}
      rows={
        call.content
          ? [
              { label: t('internal.from'), value: t(`wallet.accounts.${call.content.from}`) },
              { label: t('internal.to'), value: t(`wallet.accounts.${call.content.to}`) },
              { label: t('walletForm.fee'), value: t('walletForm.free') },
            ]
          : []
      }
    >
      {call.content ? (
        <p className="sheet__hero">
          <span className="sheet__hero-label">{t('walletForm.amount')}</span>
          <span className="sheet__hero-value num">
            {registry.format(call.content.amount, call.content.asset ?? asset, { exact: true })}{' '}
            {call.content.asset ?? asset}
          </span>
        </p>
      ) : null}
    </ConfirmSheet>
  );
}

function InternalTransfer(): ReactNode {
  const { t } = useTranslation('wallet');
  const balances = useBalances();
  const call = useMoneyCall('/api/transferBalance/index', ['/v1/futures/account']);
  const [accounts, setAccounts] = useState<{ from: AccountKind; to: AccountKind }>({
    from: 'spot',
    to: 'futures',
  });
  const [asset, setAsset] = useState('USDT');
  const [picking, setPicking] = useState<Side | 'asset' | null>(null);
  const [tried, setTried] = useState(false);
  const { movable, kept } = useMovable(balances.available(asset, accounts.from), accounts.from, asset);
  const amount = useAmountField({
    prompt: 'prompts.internalTransferAmount',
    asset,
    available: movable,
    tried,
  });

  const account = (k: AccountKind) => t(`wallet.accounts.${k}`);
  const held = (balances.data?.list ?? [])
    .filter((b) => b.account === accounts.from && compareAmounts(b.available, '0') > 0)
    .map((b) => b.asset);
  const assets = [...new Set(['USDT', ...held])];

  const same = accounts.from === accounts.to;

  const review = () => {
    setTried(true);
    if (amount.problem || same) return;
    call.open({ asset, from: accounts.from, to: accounts.to, amount: amount.value });
  };
  const confirm = async () => {
    const done = await call.confirm();
    if (!done) return;
    showToast(t('internal.success'));
    amount.reset();
    setTried(false);
  };
  const balanceOf = (k: AccountKind) => balanceText(amount.registry, balances.available(asset, k), asset);

  return (
    <div className="wform">
      <section className="wform__card">
        <RouteCard
          from={account(accounts.from)}
          to={account(accounts.to)}
          onPick={setPicking}
          onSwap={() => setAccounts({ from: accounts.to, to: accounts.from })}
        />

        <Field label={t('walletForm.asset')}>
          <PickerButton
            label={t('walletForm.asset')}
            value={asset}
            icon={<AssetIcon asset={asset} size={24} />}
            onClick={() => setPicking('asset')}
          />
        </Field>

        <AmountField field={amount} />

        <TransferRows
          rows={[accounts.from, accounts.to].map((k) => ({
            label: t('internal.balanceOf', { account: account(k) }),
            value: balanceOf(k),
          }))}
          kept={kept === null ? null : balanceText(amount.registry, kept, asset)}
          movable={balanceText(amount.registry, movable, asset)}
        />
        <SubmitButton disabled={call.busy || same} onClick={review}>
          {t('internal.submit')}
        </SubmitButton>
      </section>

      <Link className="wform__link" to={`${routePath('records')}?type=internal_transfer`}>
        <IconRecords />
        <span>{t('internal.records')}</span>
        <IconRight className="wform__link-arrow" />
      </Link>

      <PickerSheet<AccountKind>
        visible={picking === 'from' || picking === 'to'}
        title={picking === 'to' ? t('internal.pickTo') : t('internal.pickFrom')}
        value={picking === 'to' ? accounts.to : accounts.from}
        onClose={() => setPicking(null)}
        onPick={(k) => {
          if (picking === 'from' || picking === 'to') setAccounts(pickSide(accounts, picking, k));
        }}
        options={ACCOUNT_KINDS.map((k) => ({
          value: k,
          label: account(k),
          note: balanceOf(k),
        }))}
      />
      <AssetPickerSheet
        visible={picking === 'asset'}
        assets={assets}
        value={asset}
        available={(a) => balances.available(a, accounts.from)}
        onClose={() => setPicking(null)}
        onPick={(a) => {
          setAsset(a);
          amount.clear();
        }}
      />

      <ConfirmTransfer call={call} asset={asset} onConfirm={() => void confirm()} />
    </div>
  );
}

/** Internal transfer between the user's own accounts: instant, no fee. */
export default function InternalTransferScreen(): ReactNode {
  const { token } = useSession();
  return token ? <InternalTransfer /> : <SignInPrompt />;
}
