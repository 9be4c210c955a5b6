import { type ReactNode, useState } from 'react';
import { useApiMutation } from '../../api/hooks';
import { useAssets } from '../../hooks/assets';
import { useTranslation } from '../../i18n';
import { EXACT } from '../../lib/amounts';
import { ConfirmSheet } from '../../ui/sheet';
import { showToast } from '../../ui/toast';
import { type Listing, MARKET_CALLS } from './hooks';
import { QUOTE } from './p2p-math';

/**
 * Withdrawing what is left of one of my listings, behind a confirmation sheet: `ask(listing)` opens it,
 * `sheet` is the element to render.
 */
export function useWithdraw(): {
  readonly ask: (listing: Listing) => void;
  readonly sheet: ReactNode;
} {
  const { t } = useTranslation('tokenMarket');
  const registry = useAssets();
  const [target, setTarget] = useState<Listing | null>(null);
  // What the sheet shows, kept while it slides away.
  const [shown, setShown] = useState<Listing | null>(null);
  const ask = (listing: Listing) => {
    setShown(listing);
    setTarget(listing);
  };
  const cancel = useApiMutation('/api/trade/cancelSell', { refreshes: MARKET_CALLS });
  const busy = cancel.isPending;

  const confirm = async () => {
    if (!target || busy) return;
    try {
      await cancel.mutateAsync({ id: target.id });
      showToast(t('tokenMarket.withdrawn'));
      setTarget(null);
    } catch {
      // Toasted by the query client (already sold out, already withdrawn).
      setTarget(null);
    }
  };

  const sheet = (
    <ConfirmSheet
      visible={target !== null}
      title={t('tokenMarket.withdrawTitle')}
      busy={busy}
      onClose={() => setTarget(null)}
      onConfirm={() => void confirm()}
      confirmText={t('tokenMarket.withdraw')}
      note={t('tokenMarket.withdrawNote')}
      rows={
        shown
          ? [
              {
                label: t('tokenMarket.price'),
                value: `${registry.format(shown.price, QUOTE, EXACT)} ${QUOTE}`,
              },
              {
                label: t('tokenMarket.soldCol', { asset: shown.symbol }),
                value: `${registry.format(shown.sold, shown.symbol, EXACT)} / ${registry.format(shown.amount, shown.symbol, EXACT)}`,
              },
              {
                label: t('tokenMarket.returned'),
                value: `${registry.format(shown.remaining, shown.symbol, EXACT)} ${shown.symbol}`,
                strong: true,
              },
            ]
          : []
      }
    />
  );
  return { ask, sheet };
}
