import { formatDateMinute, maskAddress } from '@nexa/contract';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { useApiQuery } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { routePath } from '../../paths';
import { Field, PickerButton } from '../../ui/form';
import { PickerSheet } from '../../ui/sheet';

/**
 * The withdraw form's picker of saved addresses on its network: picking one fills the address field. With
 * whitelist mode on, an address still waiting is shown but cannot be picked, and the form says so.
 */
export function SavedAddressPicker({
  chain,
  onPick,
}: {
  readonly chain: string;
  readonly onPick: (address: string) => void;
}): ReactNode {
  const { t } = useTranslation('wallet');
  const navigate = useNavigate();
  const book = useApiQuery('/api/wallet/addresses', { chain });
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<string | null>(null);
  const list = book.data?.list ?? [];
  const whitelist = book.data?.whitelist ?? false;
  const now = Date.now();
  return (
    <>
      <Field label={t('confirmMove.savedAddresses')}>
        {list.length > 0 ? (
          <PickerButton
            label={t('confirmMove.pickSaved')}
            value={picked}
            placeholder={t('confirmMove.pickSaved')}
            onClick={() => setOpen(true)}
          />
        ) : (
          <PickerButton
            label={t('addressBook.add')}
            value={null}
            placeholder={t('addressBook.add')}
            onClick={() => navigate(routePath('addressBook'))}
          />
        )}
      </Field>
      {whitelist ? <p className="note">{t('addressBook.whitelistOn')}</p> : null}
      <PickerSheet
        visible={open}
        title={t('confirmMove.savedAddresses')}
        value={null}
        onClose={() => setOpen(false)}
        onPick={(id) => {
          const a = list.find((x) => String(x.id) === id);
          if (!a) return;
          setPicked(a.label);
          onPick(a.address);
        }}
        options={list.map((a) => {
          const waiting = Date.parse(a.usable_at) > now;
          return {
            value: String(a.id),
            label: a.label,
            note: waiting
              ? t('addressBook.usableFrom', { time: formatDateMinute(a.usable_at) })
              : maskAddress(a.address),
            disabled: whitelist && waiting,
          };
        })}
      />
    </>
  );
}
