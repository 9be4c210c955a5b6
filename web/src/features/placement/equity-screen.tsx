import { formatDate, formatDateMinute } from '@nexa/contract';
import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../i18n';
import { useSession } from '../../session';
import { PagedList } from '../../ui/paged-list';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { Tabs } from '../../ui/tabs';
import './placement.css';
import { useAssets } from '../../hooks/assets';

type Tab = 'all' | 'vesting' | 'complete';

/** My placements (/privateEquity): each subscription, what is locked, released, and when the next part unlocks. */
export default function EquityScreen(): ReactNode {
  const { t } = useTranslation('placement');
  const registry = useAssets();
  const { token } = useSession();
  const [tab, setTab] = useState<Tab>('all');
  if (!token) return <SignInPrompt title={t('placement.signInTitle')} body={t('placement.signInBody')} />;
  return (
    <div className="page page--flush">
      <Tabs
        className="tabs-bar"
        size="m"
        value={tab}
        onChange={setTab}
        items={[
          { key: 'all', label: t('placement.all') },
          { key: 'vesting', label: t('placement.status.vesting') },
          { key: 'complete', label: t('placement.status.complete') },
        ]}
      />
      <PagedList
        key={tab}
        path="/v1/placement/mine"
        filters={tab === 'all' ? {} : { status: tab }}
        itemKey={(s) => s.id}
        emptyTitle={t('placement.noSubscriptions')}
        renderItem={(s) => (
          <article className="pprow" data-testid="pp-row">
            <div className="row row--between">
              <span className="pprow__title">{s.round}</span>
              <span className={`pprow__status pprow__status--${s.status}`}>
                {t(`placement.status.${s.status}`)}
              </span>
            </div>
            <div className="pprow__amount num">
              {registry.format(s.amount, s.asset)} <small>{s.asset}</small>
            </div>
            <dl className="fig-grid fig-grid--4">
              <div>
                <dt>{t('placement.cost')}</dt>
                <dd className="num">
                  {registry.format(s.cost, s.pay_asset)} {s.pay_asset}
                </dd>
              </div>
              <div>
                <dt>{t('placement.locked')}</dt>
                <dd className="num">{registry.format(s.locked, s.asset)}</dd>
              </div>
              <div>
                <dt>{t('placement.released')}</dt>
                <dd className="num up" data-testid="pp-released">
                  {registry.format(s.released, s.asset)}
                </dd>
              </div>
              <div>
                <dt>{t('placement.parts')}</dt>
                <dd className="num">
                  {s.parts_released}/{s.parts}
                </dd>
              </div>
            </dl>
            <div className="pprow__foot num">
              <span>{formatDateMinute(s.created_at)}</span>
              {s.next_release_at ? (
                <span>
                  {t('placement.next')} {formatDate(s.next_release_at)}
                </span>
              ) : null}
            </div>
          </article>
        )}
      />
    </div>
  );
}
