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

const ASSET = 'USDT';
const NO_FILTERS = {};

/** The asset, and the network it goes out on: a choice where hot wallets pay it on more than one. */
function AssetAndNetwork({
  networks,
  chain,
  onPick,
}: {
  readonly networks: readonly string[];
  readonly chain: string;
  readonly onPick: (chain: string) => void;
}): ReactNode {
  const { t } = useTranslation('wallet');
  return (
    <div className="field-pair">
      <Field label={t('walletForm.asset')}>
        <div className="wf__static">
          <AssetIcon asset={ASSET} size={24} />
          {ASSET}
        </div>
      </Field>
      <Field label={t('walletForm.network')}>
        {networks.length > 1 ? (
          <ChoiceChips
            options={networks}
            value={chain}
            onChange={onPick}
            text={chainLabel}
            label={t('walletForm.network')}
            block="netchips"
            chip="netchip"
          />
        ) : (
          <div className="wf__static">{chainLabel(chain)}</div>
        )}
      </Field>
    </div>
  );
}

function Withdraw(): ReactNode {
  const { t } = useTranslation('wallet');
  const balances = useBalances();
  // Confirmed by a fresh signature of the account's wallet, naming the asset, amount and address.
  const call = useMoneyCall('/api/withdraw/index', ['/api/withdraw/list'], (c) => ({
    action: 'withdraw',
    asset: ASSET,
    amount: c.amount,
    destination: c.address,
  }));
  const [tried, setTried] = useState(false);
  const totp = useTotpField(tried);
  const { withdraw: rules, query: rulesQuery } = useWalletRules(ASSET);
  // The networks a hot wallet pays the asset on (Ethereum by an operator when none does): one is picked.
  const networks = rules?.networks.length ? rules.networks : [DEFAULT_CHAIN];
  const [picked, setPicked] = useState<string | null>(null);
  const chain = picked !== null && networks.includes(picked) ? picked : (networks[0] ?? DEFAULT_CHAIN);
  const form = useWithdrawForm({
    asset: ASSET,
    available: balances.available(ASSET, 'spot'),
    rules,
    validAddress: (a) => isAddressFor(chain, a),
    addressInvalid: t(addressInvalidKey(chain)),
    call,
  });
  const exact = (value: string) => form.amount.registry.format(value, ASSET, { exact: true });
  const shown = (value: string | undefined) => (value === undefined ? '--' : `${exact(value)} ${ASSET}`);
  const review = () => {
    setTried(true);
    if (totp.problem) return;
    form.review((to) => call.open({ asset: ASSET, chain, ...to, ...totp.body() }));
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
          <AssetAndNetwork networks={networks} chain={chain} onPick={setPicked} />
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

      <ConfirmSheet
        visible={call.content !== null}
        title={t('withdraw.confirmTitle')}
        busy={call.busy}
        onClose={call.close}
        onConfirm={() => void confirm()}
        note={`${t('withdraw.reviewNote')} ${t('confirmMove.signNote')}`}
        rows={
          call.content && rules
            ? [
                { label: t('walletForm.network'), value: chainLabel(call.content.chain ?? chain) },
                {
                  label: t('withdraw.toAddress'),
                  value: <span className="sheet__mono">{call.content.address}</span>,
                },
                {
                  label: t('walletForm.amount'),
                  value: `${exact(call.content.amount)} ${ASSET}`,
                },
                { label: t('walletForm.fee'), value: shown(rules.fee) },
                {
                  label: t('walletForm.totalDeducted'),
                  value: `${exact(addAmounts(call.content.amount, rules.fee))} ${ASSET}`,
                },
              ]
            : []
        }
      >
        {call.content ? (
          <p className="sheet__hero">
            <span className="sheet__hero-label">{t('walletForm.youReceive')}</span>
            <span className="sheet__hero-value num">
              {exact(call.content.amount)} {ASSET}
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
