import { formatDate } from '@nexa/contract';
import type { ReactNode } from 'react';
import { useAssets } from '../../hooks/assets';
import { useTranslation } from '../../i18n';
import { EXACT } from '../../lib/amounts';
import { IconMerchant } from './shop-icons';
import { Figure, type Merchant, MerchantStatusChip, USDT } from './shop-parts';

/** A merchant's card: name, intro, since when, and their figures. */
/** "Demo": a merchant run by the demo itself, not a real seller. */
export function DemoChip(): ReactNode {
  const { t } = useTranslation('shop');
  return (
    <span className="schip schip--brand" data-testid="demo-chip">
      {t('shop.demo.badge')}
    </span>
  );
}

export function MerchantHead({ m, mine }: { readonly m: Merchant; readonly mine?: boolean }): ReactNode {
  const { t } = useTranslation('shop');
  const registry = useAssets();
  return (
    <section className="card sbox sstore" data-testid="merchant-head" data-id={m.id}>
      <div className="row row--3">
        <span className="sstore__logo" aria-hidden="true">
          {[...m.name.trim()][0]?.toUpperCase() ?? <IconMerchant />}
        </span>
        <span className="fill col">
          <span className="sstore__name" data-testid="merchant-name">
            {m.name}
          </span>
          <span className="sstore__since num">{t('shop.since', { date: formatDate(m.created_at) })}</span>
        </span>
        {m.demo ? <DemoChip /> : null}
        {mine || m.status !== 'active' ? <MerchantStatusChip status={m.status} /> : null}
      </div>
      {m.intro ? <p className="sstore__intro">{m.intro}</p> : null}
      {m.demo ? <p className="note">{t('shop.demo.ships')}</p> : null}
      <dl className="sfigs sfigs--3">
        <Figure label={t('shop.figure.products')} value={m.products} testId="merchant-products" />
        <Figure label={t('shop.figure.sales')} value={m.sales} testId="merchant-sales" />
        <Figure
          label={t('shop.figure.turnover')}
          value={
            <>
              {registry.format(m.turnover, USDT, EXACT)}
              <small> {USDT}</small>
            </>
          }
          testId="merchant-turnover"
        />
      </dl>
    </section>
  );
}
