import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../i18n';
import { routePath } from '../paths';
import './market-switch.css';
import { SimulatedMark } from './simulated-mark';

/**
 * The Trade tab's switch between the spot books and the perpetual swaps, with the simulated market's badge at
 * its end while prices are simulated (the row has room for it in every language, so the head stays as tall).
 */
export function MarketSwitch({ current }: { readonly current: 'trade' | 'contract' }): ReactNode {
  const { t } = useTranslation();
  const items = [
    { name: 'trade', label: t('marketSwitch.spot') },
    { name: 'contract', label: t('marketSwitch.futures') },
  ] as const;
  return (
    <nav className="mswitch" aria-label={t('marketSwitch.label')}>
      {items.map((i) => (
        <Link
          key={i.name}
          to={routePath(i.name)}
          replace
          aria-current={i.name === current ? 'page' : undefined}
          className={i.name === current ? 'mswitch__item mswitch__item--on' : 'mswitch__item'}
        >
          {i.label}
        </Link>
      ))}
      <SimulatedMark className="mswitch__sim" />
    </nav>
  );
}
