import { type ReactNode, useState } from 'react';
import { useBalances, useMoneyCall } from '../../hooks/money';
import { useTranslation } from '../../i18n';
import { compareAmounts } from '../../lib/amounts';
import { useSession } from '../../session';
import { useAmountField } from '../../ui/amount-field';
import { Field, PickerButton, SubmitButton } from '../../ui/form';
import { AssetIcon } from '../../ui/money';
import { TransferRecords } from '../../ui/money-records';
import { AssetPickerSheet, InfoRows } from '../../ui/sheet';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { showToast } from '../../ui/toast';
import { TotpField, useTotpField } from '../../ui/totp-field';
import { TransferFields, TransferSheet, useRecipientField } from '../../ui/transfer-fields';
import { useWalletRules } from './use-rules';
import './wallet-screens.css';

const DEFAULT_ASSET = 'USDT';

function TransferForm(): ReactNode {
  const { t } = useTranslation('wallet');
  const balances = useBalances();
  // Confirmed by a fresh signature of the account's wallet, naming the asset, amount and recipient.
  const call = useMoneyCall('/api/transfer/index', ['/api/transfer/transferList'], (c) => ({
    action: 'transfer',
    asset: c.asset ?? DEFAULT_ASSET,
    amount: c.amount,
    destination: c.to,
  }));
  const [asset, setAsset] = useState<string>(DEFAULT_ASSET);
  const { transferMin } = useWalletRules(DEFAULT_ASSET);
  const [picking, setPicking] = useState(false);
  const [remark, setRemark] = useState('');
  const [tried, setTried] = useState(false);
  const recipient = useRecipientField(tried);
  const totp = useTotpField(tried);
  const amount = useAmountField({
    prompt: 'prompts.amount',
    asset,
    available: balances.available(asset, 'spot'),
    // A transfer to another user is free (the contract's word); its minimum is the server's.
    ...(transferMin ? { min: transferMin } : {}),
    tried,
  });

  const exact = (value: string, of = asset) => amount.registry.format(value, of, { exact: true });
  const spot = (balances.data?.list ?? []).filter((b) => b.account === 'spot');
  const assets = [
    ...new Set([
      DEFAULT_ASSET,
      ...spot.filter((b) => compareAmounts(b.available, '0') > 0).map((b) => b.asset),
    ]),
  ];

  const review = () => {
    setTried(true);
    if (!transferMin || recipient.problem || recipient.found.state === 'looking' || amount.problem) return;
    if (totp.problem) return;
    call.open({
      to: recipient.value.trim(),
      asset,
      amount: amount.value,
      remark: remark.trim(),
      ...totp.body(),
    });
  };
  const confirm = async () => {
    const done = await call.confirm();
    if (!done) return;
    showToast(t('messages.submitSuccess'));
    recipient.reset();
    amount.reset();
    totp.reset();
    setRemark('');
    setTried(false);
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
        <TransferFields recipient={recipient} amount={amount} remark={remark} onRemark={setRemark} />
        <TotpField field={totp} />
        <InfoRows
          rows={[
            { label: t('walletForm.fee'), value: t('walletForm.free') },
            {
              label: t('walletForm.minimum'),
              value: transferMin ? `${exact(transferMin)} ${asset}` : '--',
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

      <TransferSheet
        call={call}
        recipient={recipient}
        onConfirm={() => void confirm()}
        rows={() => [{ label: t('walletForm.fee'), value: t('walletForm.free') }]}
        texts={{
          title: t('transfer.confirmTitle'),
          irreversible: `${t('transfer.irreversible')} ${t('confirmMove.signNote')}`,
        }}
      >
        {call.content ? (
          <p className="sheet__hero">
            <span className="sheet__hero-label">{t('walletForm.amount')}</span>
            <span className="sheet__hero-value num">
              {exact(call.content.amount, call.content.asset ?? asset)} {call.content.asset ?? asset}
            </span>
          </p>
        ) : null}
      </TransferSheet>
    </div>
  );
}

/** The transfers in and out. */
function WalletTransferRecords(): ReactNode {
  const { t } = useTranslation('wallet');
  return (
    <TransferRecords
      path="/api/transfer/transferList"
      texts={{
        title: t('transfer.records'),
        emptyTitle: t('transfer.emptyTitle'),
        emptyBody: t('transfer.emptyBody'),
        direction: t('records.direction'),
        all: t('records.all'),
        in: t('transfer.in'),
        out: t('transfer.out'),
        from: (who) => t('transfer.from', { who }),
        to: (who) => t('transfer.to', { who }),
      }}
    />
  );
}

/** Transfer to another user by address or UID, with the transfers in and out. */
export default function TransferScreen(): ReactNode {
  const { token } = useSession();
  if (!token) return <SignInPrompt />;
  return (
    <>
      <TransferForm />
      <WalletTransferRecords />
    </>
  );
}
