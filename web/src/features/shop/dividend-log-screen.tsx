import { formatDate } from '@nexa/contract';
import type { ReactNode } from 'react';
import { NO_BODY, useApiQuery } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { PagedList } from '../../ui/paged-list';
import { PullToRefresh } from '../../ui/pull-to-refresh';
import { SignedIn, USDT, useRefresh } from './shop-parts';
import '../../ui/balance-card.css';
import './shop.css';
import { useAssets } from '../../hooks/assets';
import { EXACT } from '../../lib/amounts';

/** Platform days start at 00:00 UTC+8: a day's date reads the same wherever the phone is. */
const PLATFORM_DAY_OFFSET_MIN = 480;

function Log(): ReactNode {
  const { t } = useTranslation('shop');
  const registry = useAssets();
  const sum = useApiQuery('/api/shop/dividend', NO_BODY);
  const refresh = useRefresh('/api/shop/dividend', '/api/shop/dividendLog');
  return (
    <PullToRefresh onRefresh={refresh}>
      <div className="page page--tight shop">
        <section className="card sbox" aria-labelledby="div-received">
          <span className="balance__label" id="div-received">
            {t('shop.dividend.receivedTotal', { asset: USDT })}
          </span>
          <p className="balance__value num" data-testid="log-received">
            {sum.data ? registry.format(sum.data.received, USDT, EXACT) : '--'}
          </p>
        </section>
        <PagedList
          path="/api/shop/dividendLog"
          filters={NO_BODY}
          pullToRefresh={false}
          itemKey={(d) => d.id}
          emptyTitle={t('shop.dividend.logEmpty')}
          emptyBody={t('shop.dividend.logEmptyBody')}
          className="slist slist--flush"
          renderItem={(d) => (
            <article className="card sdivrow" data-testid="dividend-row" data-status={d.status}>
              <span className="sdivrow__day num">{formatDate(d.day, PLATFORM_DAY_OFFSET_MIN)}</span>
              <span className={`schip schip--${d.status === 'paid' ? 'success' : 'warning'}`}>
                {t(`shop.dividend.status.${d.status}`)}
              </span>
              <span className="sdivrow__amount num up" data-testid="dividend-amount">
                +{registry.format(d.amount, USDT, EXACT)}
                <small> {USDT}</small>
              </span>
            </article>
          )}
        />
      </div>
    </PullToRefresh>
  );
}

/** My dividends (/consumerDividendRanking1): what I received, one line per platform day, newest first. */
export default function DividendLogScreen(): ReactNode {
  return <SignedIn>{() => <Log />}</SignedIn>;
}
