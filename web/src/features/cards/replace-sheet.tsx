import { type ReactNode, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useApiMutation } from '../../api/hooks';
import { useAssets } from '../../hooks/assets';
import { useBalances } from '../../hooks/money';
import { useTranslation } from '../../i18n';
import { EXACT } from '../../lib/amounts';
import { RequestIds } from '../../lib/request-id';
import { routePath } from '../../paths';
import { Field, Segments } from '../../ui/form';
import { ConfirmSheet } from '../../ui/sheet';
import { showToast } from '../../ui/toast';
import {
  AddressChoice,
  CARD_READS,
  type CardDetail,
  type CardInfo,
  cardName,
  USDT,
  useAddresses,
} from './cards-parts';

/**
 * Replace a lost or damaged card: the old one freezes at once, a new one of the same kind is issued (a
 * physical one ships to the address chosen), for the replacement fee; then the new card opens.
 */
export function ReplaceSheet({
  card,
  info,
  visible,
  onClose,
}: {
  readonly card: CardDetail;
  readonly info: CardInfo;
  readonly visible: boolean;
  readonly onClose: () => void;
}): ReactNode {
  const { t } = useTranslation('cards');
  const registry = useAssets();
  const navigate = useNavigate();
  const physical = card.kind === 'physical';
  const addresses = useAddresses(physical && visible);
  const balances = useBalances();
  const replace = useApiMutation('/api/visa/replaceApply', {
    refreshes: ['/api/finance/userFinance', '/api/assets/moneyRecord', ...CARD_READS],
  });
  // One id per submission, the same for a retry of the same content (as useMoneyCall does).
  const requestIds = useRef<RequestIds | null>(null);
  requestIds.current ??= new RequestIds();
  const [reason, setReason] = useState<'lost' | 'damaged'>('lost');
  const [addressId, setAddressId] = useState<number | null>(card.address_id);
  const list = addresses.data?.list ?? [];
  const needsAddress = physical && addressId === null;
  const available = balances.available(USDT, 'spot');
  // The sheet is the confirmation: it shows the fee and what happens, and its button sends.
  const confirm = async () => {
    if (needsAddress || replace.isPending) return;
    const content = {
      card_id: card.id,
      reason,
      ...(physical && addressId !== null ? { address_id: addressId } : {}),
    };
    const request_id = requestIds.current?.forSubmission(content);
    try {
      const done = await replace.mutateAsync({ ...content, ...(request_id ? { request_id } : {}) });
      requestIds.current?.succeeded();
      showToast(t('cards.replace.done'));
      onClose();
      navigate(`${routePath('cardholders1')}?id=${done.id}`, { replace: true });
    } catch {
      // Toasted by the query client; the sheet stays for a retry with the same id.
    }
  };
  return (
    <ConfirmSheet
      visible={visible}
      title={t('cards.replace.title')}
      busy={replace.isPending}
      disabled={needsAddress}
      onClose={onClose}
      onConfirm={() => void confirm()}
      confirmText={t('cards.replace.submit')}
      note={t(physical ? 'cards.replace.notePhysical' : 'cards.replace.noteVirtual')}
      rows={[
        { label: t('cards.replace.card'), value: cardName(card) },
        {
          label: t('cards.available'),
          value: available === null ? '--' : `${registry.format(available, USDT)} ${USDT}`,
        },
        {
          label: t('cards.replace.fee'),
          value: `${registry.format(info.replace_fee, USDT, EXACT)} ${USDT}`,
          strong: true,
        },
      ]}
    >
      <div className="csheet__fields">
        <Field label={t('cards.replace.reason')}>
          <Segments
            label={t('cards.replace.reason')}
            value={reason}
            onChange={setReason}
            options={[
              { value: 'lost', label: t('cards.replace.lost') },
              { value: 'damaged', label: t('cards.replace.damaged') },
            ]}
          />
        </Field>
        {physical ? (
          <Field label={t('cards.replace.shipTo')}>
            {list.length > 0 ? (
              <AddressChoice addresses={list} value={addressId} onChange={setAddressId} />
            ) : (
              <Link className="cbox__link" to={routePath('address1')}>
                {t('cards.address.add')} ›
              </Link>
            )}
          </Field>
        ) : null}
      </div>
    </ConfirmSheet>
  );
}
