import { formatDate, NEU_ASSET, RANKING_PERIODS } from '@nexa/contract';
import { Skeleton } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { NO_BODY, useApiQuery } from '../../api/hooks';
import type { PagedItem } from '../../api/paging';
import { useTranslation } from '../../i18n';
import { Figure } from '../../ui/figures';
import { Segments } from '../../ui/form';
import { PagedList } from '../../ui/paged-list';
import { InlineError } from '../../ui/states';
import '../../ui/line-row.css';
import { useAssets } from '../../hooks/assets';
import { LevelTag } from './neu-parts';

type Period = (typeof RANKING_PERIODS)[number];
type Member = PagedItem<'/api/neu/teamList'>;

const SUMMARY = { page: 1, size: 1 };

/** Team figures are USDT amounts, shown as whole numbers with separators ("10,500"). */

function MemberRow({ m }: { readonly m: Member }): ReactNode {
  const { t } = useTranslation('neu');
  const registry = useAssets();
  return (
    <article className="list-row line-row" data-testid="neu-member" data-uid={m.uid}>
      <div className="list-row__top">
        <span className="line-row__title">
          <span className="num">{m.address}</span>
          <LevelTag level={m.level} />
          <span className={m.valid ? 'neu-tag neu-tag--valid' : 'neu-tag'}>
            {m.valid ? t('neu.team.valid') : t('neu.team.notValid')}
          </span>
        </span>
        <span className="line-row__amount num">{registry.format(m.volume, 'USDT')}</span>
      </div>
      <div className="line-row__sub num">
        <span>
          {t('neu.team.generation', { n: m.distance })} · {t('neu.uidValue', { uid: m.uid })}
        </span>
        <span>{formatDate(m.registered_at)}</span>
      </div>
    </article>
  );
}

/** My team: its summary (level, headcount, direct, performance), then everyone below me, nearest first. */
export function TeamPanel(): ReactNode {
  const { t } = useTranslation('neu');
  const registry = useAssets();
  const q = useApiQuery('/api/neu/teamList', SUMMARY);
  const d = q.data;
  return (
    <div className="neu-panel">
      {d ? (
        <section className="card box neu-card neu-card--inset" aria-labelledby="neu-team-title">
          <div className="box__head">
            <h2 className="neu-card__title" id="neu-team-title">
              {t('neu.team.title')}
            </h2>
            <LevelTag level={d.level} testId="neu-team-level" />
          </div>
          <dl className="figures">
            <Figure label={t('neu.team.headcount')} value={d.headcount} testId="neu-team-headcount" />
            <Figure label={t('neu.team.direct')} value={d.direct} testId="neu-team-direct" />
            <Figure
              label={t('neu.team.performance')}
              value={`${registry.format(d.team_performance, 'USDT')} USDT`}
              testId="neu-team-performance"
            />
          </dl>
        </section>
      ) : q.isError ? (
        <InlineError className="card box neu-card neu-card--inset" onRetry={() => void q.refetch()} />
      ) : (
        <section className="card box neu-card neu-card--inset" aria-busy="true">
          <Skeleton.Paragraph animated lineCount={3} />
        </section>
      )}
      <div className="neu-list-head" aria-hidden="true">
        <span>{t('neu.team.colMember')}</span>
        <span>{t('neu.team.colVolume')}</span>
      </div>
      <PagedList
        path="/api/neu/teamList"
        filters={NO_BODY}
        pullToRefresh={false}
        skeletonRows={4}
        itemKey={(m) => m.uid}
        emptyTitle={t('neu.team.none')}
        emptyBody={t('neu.team.noneBody')}
        renderItem={(m) => <MemberRow m={m} />}
      />
    </div>
  );
}

/** The NEU ranking: teams by the NEU they staked in the day, week or month, and my place even outside the top. */
export function RankingPanel(): ReactNode {
  const { t } = useTranslation('neu');
  const registry = useAssets();
  const [period, setPeriod] = useState<Period>('month');
  const head = useApiQuery('/api/neu/rankingList', { period, page: 1, size: 1 });
  const d = head.data;
  const asset = d?.asset ?? 'NEU';
  return (
    <div className="neu-panel">
      <div className="neu-panel__bar">
        <Segments
          label={t('neu.rank.period')}
          value={period}
          onChange={setPeriod}
          options={RANKING_PERIODS.map((p) => ({ value: p, label: t(`neu.rank.${p}`) }))}
        />
        <span className="neu-card__aside num" data-testid="neu-rank-range">
          {d
            ? d.first_day === d.last_day
              ? d.first_day
              : `${d.first_day.slice(5)} – ${d.last_day.slice(5)}`
            : ''}
        </span>
      </div>
      <section className="card box neu-card neu-card--inset neu-mine" data-testid="neu-rank-mine">
        <div>
          <div className="neu-hero__label">{t('neu.rank.mine')}</div>
          <div className="neu-mine__place num" data-testid="neu-rank-place">
            {d ? (
              d.mine.rank !== null ? (
                `#${d.mine.rank}`
              ) : (
                <span className="neu-mine__none">{t('neu.rank.notRanked')}</span>
              )
            ) : (
              '--'
            )}
          </div>
        </div>
        <div className="neu-mine__perf">
          <div className="neu-hero__label">{t('neu.rank.performance')}</div>
          <div className="num up neu-mine__value" data-testid="neu-rank-performance">
            {registry.format(d?.mine.performance ?? '0', NEU_ASSET)} <small>{asset}</small>
          </div>
        </div>
      </section>
      <PagedList
        key={period}
        path="/api/neu/rankingList"
        filters={{ period }}
        pullToRefresh={false}
        skeletonRows={4}
        itemKey={(r) => r.rank}
        emptyTitle={t('neu.rank.none')}
        renderItem={(r) => (
          <article className="rank-row neu-rank" data-testid="neu-rank-row">
            <span className={`rank-row__place rank-row__place--${r.rank <= 3 ? r.rank : 'n'} num`}>
              {r.rank}
            </span>
            <span className="fill lines">
              <span className="rank-row__uid">{t('neu.uidValue', { uid: r.uid })}</span>
              <span className="rank-row__addr num">{r.address}</span>
            </span>
            <span className="rank-row__perf num">
              {registry.format(r.performance, NEU_ASSET)} <small>{asset}</small>
            </span>
          </article>
        )}
      />
      <p className="note note--xs neu-note--pad">{t('neu.rank.note')}</p>
    </div>
  );
}
