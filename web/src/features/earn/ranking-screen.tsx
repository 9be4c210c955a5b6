import { type ReactNode, useState } from 'react';
import { useApiQuery } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { useSession } from '../../session';
import { PagedList } from '../../ui/paged-list';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { Tabs } from '../../ui/tabs';
import './earn.css';
import { useAssets } from '../../hooks/assets';

type Period = 'day' | 'week' | 'month';

/** Leaderboard (/node5): teams ranked by what they staked in the day, week or month, with my place. */
export default function RankingScreen(): ReactNode {
  const { t } = useTranslation('earn');
  const registry = useAssets();
  const { token } = useSession();
  const [period, setPeriod] = useState<Period>('month');
  const head = useApiQuery(
    '/api/user/rankingList',
    { period, page: 1, size: 1 },
    { enabled: token !== null },
  );
  if (!token) return <SignInPrompt title={t('earn.rank.title')} body={t('earn.rank.note')} />;
  const d = head.data;
  return (
    <div className="page page--flush">
      <Tabs
        className="tabs-bar"
        size="m"
        value={period}
        onChange={setPeriod}
        items={[
          { key: 'day', label: t('earn.rank.day') },
          { key: 'week', label: t('earn.rank.week') },
          { key: 'month', label: t('earn.rank.month') },
        ]}
      />
      <section className="card box earn__hero--inset" data-testid="rank-mine">
        <div className="earn__hero-label">{t('earn.rank.mine')}</div>
        <div className="hero-figure num">
          {d?.mine.rank ? `#${d.mine.rank}` : <span className="earn__muted">{t('earn.rank.notRanked')}</span>}
        </div>
        <dl className="fig-grid">
          <div>
            <dt>{t('earn.rank.performance')}</dt>
            <dd className="num up">
              {registry.format(d?.mine.performance ?? '0', d?.asset ?? 'USDT')} {d?.asset ?? 'USDT'}
            </dd>
          </div>
          <div>
            <dt>{t('earn.rank.periodLabel')}</dt>
            <dd className="num" data-testid="rank-period">
              {d
                ? d.first_day === d.last_day
                  ? d.first_day
                  : t('earn.rank.period', { from: d.first_day.slice(5), to: d.last_day.slice(5) })
                : '--'}
            </dd>
          </div>
        </dl>
      </section>
      <PagedList
        key={period}
        path="/api/user/rankingList"
        filters={{ period }}
        itemKey={(r) => r.rank}
        emptyTitle={t('earn.rank.empty')}
        renderItem={(r) => (
          <article className="rank-row" data-testid="rank-row">
            <span className={`rank-row__place rank-row__place--${r.rank <= 3 ? r.rank : 'n'} num`}>
              {r.rank}
            </span>
            <span className="fill lines">
              <span className="rank-row__uid">UID {r.uid}</span>
              <span className="rank-row__addr num">{r.address}</span>
            </span>
            <span className="rank-row__perf num">
              {registry.format(r.performance, d?.asset ?? 'USDT')} <small>{d?.asset ?? 'USDT'}</small>
            </span>
          </article>
        )}
      />
      <p className="note note--xs earn__note--pad">{t('earn.rank.note')}</p>
    </div>
  );
}
