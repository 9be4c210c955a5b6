import { type ReactNode, useState } from 'react';
import { useBalances, useMoneyCall } from '../../hooks/money';
import { useTranslation } from '../../i18n';
import { addAmounts } from '../../lib/amounts';
import { useSession } from '../../session';
import { ChoiceChips } from '../../ui/choice-chips';
import { Field, SubmitButton } from '../../ui/form';
import { AssetIcon } from '../../ui/money';
import { WithdrawalRecordRow } from '../../ui/money-records';
import { RecordsSection } from '../../ui/records-section';
import { ConfirmSheet } from '../../ui/sheet';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { ErrorState } from '../../ui/states';
import { TotpField, useTotpField } from '../../ui/totp-field';
import { useWithdrawForm, WithdrawFields } from '../../ui/withdraw-fields';
import { addressInvalidKey, chainLabel, DEFAULT_CHAIN, isAddressFor } from './rules';
import { SavedAddressPicker } from './saved-address-picker';
import { useWalletRules } from './use-rules';
import './wallet-screens.css';

/** The asset the screen opens on. */
const FIRST_ASSET = 'USDT';
const NO_FILTERS = {};

/** Chips for a choice of a few, or the one there is, shown as it is. */
function Choice({
  options,
  value,
  onPick,
  text,
  label,
  icon,
}: {
  readonly options: readonly string[];
  readonly value: string;
  readonly onPick: (v: string) => void;
  readonly text: (v: string) => string;
  readonly label: string;
  readonly icon?: boolean;
}): ReactNode {
  if (options.length > 1)
    return (
      <ChoiceChips
        options={options}
        value={value}
        onChange={onPick}
        text={text}
        label={label}
        block="netchips"
        chip="netchip"
      />
    );
  return (
    <div className="wf__static">
      {icon ? <AssetIcon asset={value} size={24} /> : null}
      {text(value)}
    </div>
  );
}

/**
 * The asset and the network it goes out on, each a choice where there is more than one (the assets withdrawals
 * are open for; the networks hot wallets pay it on): side by side when both are fixed, one under the other when not.
 */
function AssetAndNetwork(p: {
  readonly assets: readonly string[];
  readonly asset: string;
  readonly onAsset: (asset: string) => void;
  readonly networks: readonly string[];
  readonly chain: string;
  readonly onChain: (chain: string) => void;
}): ReactNode {
  const { t } = useTranslation('wallet');
  const fixed = p.assets.length <= 1 && p.networks.length <= 1;
  return (
    <div className={fixed ? 'field-pair' : 'field-stack'}>
      <Field label={t('walletForm.asset')}>
        <Choice
          options={p.assets}
          value={p.asset}
          onPick={p.onAsset}
          text={(a) => a}
          label={t('walletForm.asset')}
          icon
        />
      </Field>
      <Field label={t('walletForm.network')}>
        <Choice
          options={p.networks}
          value={p.chain}
          onPick={p.onChain}
          text={chainLabel}
          label={t('walletForm.network')}
        />
      </Field>
    </div>
  );
}

type WithdrawRules = NonNullable<ReturnType<typeof useWalletRules>['withdraw']>;
interface WithdrawContent {
  readonly asset?: string | undefined;
  readonly chain?: string | undefined;
  readonly address: string;
  readonly amount: string;
}

/** The confirmation: network, address, amount, fee and what is deducted, then what arrives. */
function WithdrawSheet({
  content,
  rules,
  busy,
  onClose,
  onConfirm,
  format,
}: {
  readonly content: WithdrawContent | null;
  readonly rules: WithdrawRules | null;
  readonly busy: boolean;
  readonly onClose: () => void;
  readonly onConfirm: () => void;
  readonly format: (value: string) => string;
}): ReactNode {
  const { t } = useTranslation('wallet');
  const asset = content?.asset ?? FIRST_ASSET;
  return (
    <ConfirmSheet
      visible={content !== null}
      title={t('withdraw.confirmTitle')}
      busy={busy}
      onClose={onClose}
      onConfirm={onConfirm}
      note={`${t('withdraw.reviewNote')} ${t('confirmMove.signNote')}`}
      rows={
        content && rules
          ? [
              { label: t('walletForm.network'), value: chainLabel(content.chain ?? DEFAULT_CHAIN) },
              {
                label: t('withdraw.toAddress'),
                value: <span className="sheet__mono">{content.address}</span>,
              },
              { label: t('walletForm.amount'), value: `${format(content.amount)} ${asset}` },
              { label: t('walletForm.fee'), value: `${format(rules.fee)} ${asset}` },
              {
                label: t('walletForm.totalDeducted'),
                value: `${format(addAmounts(content.amount, rules.fee))} ${asset}`,
              },
            ]
          : []
      }
    >
      {content ? (
        <p className="sheet__hero">
          <span className="sheet__hero-label">{t('walletForm.youReceive')}</span>
          <span className="sheet__hero-value num">
            {format(content.amount)} {asset}
          </span>
        </p>
      ) : null}
    </ConfirmSheet>
  );
}

function Withdraw(): ReactNode {
  const { t } = useTranslation('wallet');
  const balances = useBalances();
  // Confirmed by a fresh signature of the account's wallet, naming the asset, amount and address.
  const call = useMoneyCall('/api/withdraw/index', ['/api/withdraw/list'], (c) => ({
    action: 'withdraw',
    asset: c.asset ?? FIRST_ASSET,
    amount: c.amount,
    destination: c.address,
  }));
  const [tried, setTried] = useState(false);
  const totp = useTotpField(tried);
  // The assets withdrawals are open for, and the networks hot wallets pay the chosen one on (Ethereum by an
  // operator when none does): one of each is picked.
  const [pickedAsset, setPickedAsset] = useState(FIRST_ASSET);
  const { assets: open, query: rulesQuery } = useWalletRules(pickedAsset);
  const assets = open.length > 0 ? open : [FIRST_ASSET];
  const asset = assets.includes(pickedAsset) ? pickedAsset : (assets[0] ?? FIRST_ASSET);
  const rules = rulesQuery.data?.rules.find((r) => r.asset === asset) ?? null;
  const networks = rules?.networks.length ? rules.networks : [DEFAULT_CHAIN];
  const [picked, setPicked] = useState<string | null>(null);
  const chain = picked !== null && networks.includes(picked) ? picked : (networks[0] ?? DEFAULT_CHAIN);
  const form = useWithdrawForm({
    asset,
    available: balances.available(asset, 'spot'),
    rules,
    validAddress: (a) => isAddressFor(chain, a),
    addressInvalid: t(addressInvalidKey(chain)),
    call,
  });
  const review = () => {
    setTried(true);
    if (totp.problem) return;
    form.review((to) => call.open({ asset, chain, ...to, ...totp.body() }));
  };
  const confirm = async () => {
    if (await form.confirm()) {
      totp.reset();
      setTried(false);
    }
  };

  if (rulesQuery.isError && !rules) return <ErrorState onRetry={() => void rulesQuery.refetch()} />;

  return (
    <>
      <div className="wform">
        <section className="wform__card">
          <AssetAndNetwork
            assets={assets}
            asset={asset}
            onAsset={setPickedAsset}
            networks={networks}
            chain={chain}
            onChain={setPicked}
          />
          <SavedAddressPicker chain={chain} onPick={form.address.change} />
          <WithdrawFields form={form} showsDailyLimit />
          <TotpField field={totp} />
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
        renderItem={(w) => (
          <WithdrawalRecordRow
            w={w}
            network={chainLabel}
            texts={{ toAddress: t('withdraw.toAddress'), txHash: t('walletForm.txHash') }}
            stage={{ label: t('withdraw.progress'), text: (stage) => t(`withdraw.stage.${stage}`) }}
          />
        )}
      />

      <WithdrawSheet
        content={call.content}
        rules={rules}
        busy={call.busy}
        onClose={call.close}
        onConfirm={() => void confirm()}
        format={(value) => form.amount.registry.format(value, call.content?.asset ?? asset, { exact: true })}
      />
    </>
  );
}

/** Withdrawal: address, amount with fee and limits, confirmation, records with their status. */
export default function WithdrawScreen(): ReactNode {
  const { token } = useSession();
  return token ? <Withdraw /> : <SignInPrompt />;
}
