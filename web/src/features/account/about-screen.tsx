import type { ReactNode } from 'react';
import { useMarketSource } from '../../hooks/markets';
import { useTranslation } from '../../i18n';
import { IconCard, IconChart, IconGame, IconStar, IconStore, IconWallet } from '../../ui/icons';
import { Logo } from '../../ui/logo';
import './about.css';

const APP_VERSION = '0.1.0';

type Feature = 'wallet' | 'trade' | 'earn' | 'cards' | 'shop' | 'game';
const FEATURES: readonly { key: Feature; icon: ReactNode }[] = [
  { key: 'wallet', icon: <IconWallet /> },
  { key: 'trade', icon: <IconChart /> },
  { key: 'earn', icon: <IconStar /> },
  { key: 'cards', icon: <IconCard /> },
  { key: 'shop', icon: <IconStore /> },
  { key: 'game', icon: <IconGame /> },
];

export default function AboutScreen(): ReactNode {
  const { t } = useTranslation('account');
  const source = useMarketSource();
  return (
    <div className="about">
      <div className="about__hero">
        <Logo size={64} />
        <h2 className="about__name">{t('app.name')}</h2>
        <p className="about__tagline">{t('app.tagline')}</p>
      </div>
      <div className="card about__card">
        <p className="about__lead">{t('about.lead')}</p>
        <p className="about__body">{t('about.body')}</p>
      </div>
      {source ? (
        <section className="card about__card" data-testid="about-prices" data-source={source}>
          <h3 className="about__prices-title">{t('about.pricesTitle')}</h3>
          <p className="about__body">{t(`about.prices.${source}`)}</p>
        </section>
      ) : null}
      <h3 className="about__heading">{t('about.featuresTitle')}</h3>
      <ul className="card about__features">
        {FEATURES.map((f) => (
          <li key={f.key} className="about__feature">
            <span className="about__feature-icon" aria-hidden="true">
              {f.icon}
            </span>
            <span>{t(`about.features.${f.key}`)}</span>
          </li>
        ))}
      </ul>
      <p className="about__risk">{t('about.risk')}</p>
      <p className="about__version num">{t('about.version', { version: APP_VERSION })}</p>
    </div>
  );
}
