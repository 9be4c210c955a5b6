import { type ReactNode, useId, useState } from 'react';
import { useApiMutation } from '../../api/hooks';
import { useAssets } from '../../hooks/assets';
import { useTranslation } from '../../i18n';
import { EXACT, isPositiveAmount, sanitizeAmountInput } from '../../lib/amounts';
import { AmountInput, Field, TextInput } from '../../ui/form';
import { ConfirmSheet } from '../../ui/sheet';
import { showToast } from '../../ui/toast';
import { type CardDetail, USDT } from './cards-parts';

/** Demo only (the simulated issuer): a purchase at a merchant, sent as the issuer's webhooks would be. */
export function PurchaseSheet({
  card,
  visible,
  onClose,
}: {
  readonly card: CardDetail;
  readonly visible: boolean;
  readonly onClose: () => void;
}): ReactNode {
  const { t } = useTranslation('cards');
  const registry = useAssets();
  const ids = useId();
  const [merchant, setMerchant] = useState(() => t('cards.purchase.sampleMerchant'));
  const [amount, setAmount] = useState('');
  const [tried, setTried] = useState(false);
  const buy = useApiMutation('/v1/visa/simulatePurchase', {
    refreshes: ['/api/visa/consumeList', '/api/visa/cardDetail', '/api/visa/info'],
  });
  const merchantError = merchant.trim() === '' ? t('cards.purchase.merchantPrompt') : null;
  const amountError =
    amount === '' ? t('prompts.amount') : isPositiveAmount(amount) ? null : t('walletForm.amountInvalid');
  const submit = async () => {
    setTried(true);
    if (merchantError || amountError || buy.isPending) return;
    try {
      const spend = await buy.mutateAsync({
        card_id: card.id,
        merchant: merchant.trim(),
        amount,
        settle: true,
      });
      showToast(
        spend.status === 'declined'
          ? t('cards.purchase.declined')
          : t('cards.purchase.done', {
              merchant: spend.merchant,
              amount: registry.format(spend.amount, USDT, EXACT),
              asset: USDT,
            }),
      );
      setAmount('');
      setTried(false);
      onClose();
    } catch {
      // Toasted by the query client; the sheet stays for another try.
    }
  };
  return (
    <ConfirmSheet
      visible={visible}
      title={t('cards.purchase.title')}
      busy={buy.isPending}
      onClose={onClose}
      onConfirm={() => void submit()}
      confirmText={t('cards.purchase.submit')}
      note={t('cards.purchase.note')}
      rows={[{ label: t('cards.cardBalance'), value: `${registry.format(card.balance, USDT)} ${USDT}` }]}
    >
      <div className="csheet__fields">
        <Field label={t('cards.purchase.merchant')} htmlFor={`${ids}-m`} error={tried ? merchantError : null}>
          <TextInput
            id={`${ids}-m`}
            value={merchant}
            onChange={setMerchant}
            placeholder={t('cards.purchase.merchantPrompt')}
            maxLength={60}
          />
        </Field>
        <Field label={t('cards.purchase.amount')} htmlFor={`${ids}-a`} error={tried ? amountError : null}>
          <AmountInput
            id={`${ids}-a`}
            value={amount}
            onChange={(v) => setAmount(sanitizeAmountInput(v, 2))}
            placeholder={t('prompts.amount')}
            asset={USDT}
          />
        </Field>
      </div>
    </ConfirmSheet>
  );
}
