import type { ReactNode } from 'react';
import { useMarketSource } from '../hooks/markets';
import { useTranslation } from '../i18n';
import './simulated-mark.css';

/**
 * A small badge on the price screens while the server's prices come from its built-in simulated market (a
 * seeded walk): prices, volumes and history are not a real market's. Nothing at all with a real source.
 */
export function SimulatedMark({ className }: { readonly className?: string }): ReactNode {
  const { t } = useTranslation();
  if (useMarketSource() !== 'sim') return null;
  return (
    <span
      className={className ? `sim-mark ${className}` : 'sim-mark'}
      data-testid="sim-mark"
      title={t('markets.simulatedHint')}
    >
      {t('markets.simulated')}
    </span>
  );
}
