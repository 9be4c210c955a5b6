import { formatDateTime, maskAddress } from '@nexa/contract';
import { Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { NO_BODY } from '../../api/hooks';
import type { PagedItem } from '../../api/paging';
import { useTranslation } from '../../i18n';
import { useSession } from '../../session';
import { IconCheck } from '../../ui/icons';
import { PagedList } from '../../ui/paged-list';
import { PullToRefresh } from '../../ui/pull-to-refresh';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { InlineError } from '../../ui/states';
import { levelState, percentText, performanceShare } from './team-math';
import {
  Figure,
  type Invitation,
  LevelBadge,
  ListHead,
  useInvitation,
  useRefresh,
  ValidTag,
} from './team-parts';
import './team.css';
import { useAssets } from '../../hooks/assets';

type Member = PagedItem<'/v1/user/teamList'>;

/** The team's amounts in USDT, in the order the card shows them: each one's name, field and test id. */
const USDT_FIGURES = [
  { label: 'personalVolume', field: 'personal_volume', testId: 'personal-volume' },
  { label: 'teamVolume', field: 'team_volume', testId: 'team-volume' },
  { label: 'personalPerformance', field: 'personal_performance', testId: 'personal-performance' },
  { label: 'teamPerformance', field: 'team_performance', testId: 'team-performance' },
  { label: 'nodeToday', field: 'node_today', testId: 'node-today' },
  { label: 'nodeTotal', field: 'node_total', testId: 'node-total' },
] as const;

/** My level, headcount and every figure of my team (amounts in USDT). */
function FiguresCard({ data }: { readonly data: Invitation }): ReactNode {
  const { t } = useTranslation('team');
  const registry = useAssets();
  return (
    <section className="card box" aria-labelledby="team-figures-title">
      <h2 className="visually-hidden" id="team-figures-title">
        {t('team.figures')}
      </h2>
      <div className="thero">
        <div className="thero__level">
          <span className="thero__label">{t('team.myLevel')}</span>
          <LevelBadge level={data.level} size="l" testId="team-level" />
        </div>
        <dl className="thero__counts">
          <Figure label={t('team.headcount')} value={data.headcount} testId="team-headcount" />
          <Figure
            label={t('team.directValid')}
            value={`${data.direct} / ${data.valid_direct}`}
            testId="team-direct"
          />
        </dl>
      </div>
      <dl className="tfigs tfigs--2">
        {USDT_FIGURES.map((f) => (
          <Figure
            key={f.testId}
            label={t(`team.${f.label}`)}
            value={registry.format(data[f.field], 'USDT')}
            testId={f.testId}
          />
        ))}
      </dl>
      <p className="tcard__foot">{t('team.amountsIn')}</p>
    </section>
  );
}

/** One requirement of the next level: its name and where I stand, a bar of progress, and what follows it. */
function ProgressItem({
  label,
  value,
  max,
  now,
  share,
  children,
}: {
  readonly label: string;
  readonly value: ReactNode;
  readonly max: number;
  readonly now: number;
  /** 0 … 1, the bar's width. */
  readonly share: number;
  readonly children?: ReactNode;
}): ReactNode {
  return (
    <div className="tnext__item">
      <div className="row row--between tnext__line">
        <span>{label}</span>
        {value}
      </div>
      <div
        className="bar tbar"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={now}
      >
        <span style={{ width: percentText(share) }} />
      </div>
      {children}
    </div>
  );
}

/** What the next level needs: team performance toward its threshold, and legs have / need. */
function NextLevel({ data }: { readonly data: Invitation }): ReactNode {
  const { t } = useTranslation('team');
  const registry = useAssets();
  const next = data.next;
  if (!next) {
    return (
      <div className="tnext tnext--top" data-testid="next-level">
        {t('team.topLevel')}
      </div>
    );
  }
  const share = performanceShare(next.team_performance, next.missing_performance);
  const legsShare = next.legs > 0 ? Math.min(1, next.have_legs / next.legs) : 1;
  return (
    <div className="tnext" data-testid="next-level">
      <div className="row">
        <span className="tnext__title">{t('team.nextLevel')}</span>
        <LevelBadge level={next.level} muted />
      </div>
      <ProgressItem
        label={t('team.teamPerformance')}
        value={
          <span className="num">
            {registry.format(data.team_performance, 'USDT')} /{' '}
            {registry.format(next.team_performance, 'USDT')}
          </span>
        }
        max={100}
        now={Math.floor(share * 100)}
        share={share}
      >
        <div className="row row--between tnext__line tnext__line--dim">
          <span>{t('team.missing')}</span>
          <span className="num" data-testid="next-missing">
            {registry.format(next.missing_performance, 'USDT')} USDT
          </span>
        </div>
      </ProgressItem>
      <ProgressItem
        label={t('team.legs')}
        value={
          <span className="num tnext__met">
            {next.have_legs >= next.legs ? (
              <>
                <IconCheck />
                <span className="visually-hidden">{t('team.legsMet')}</span>
              </>
            ) : null}
            <span data-testid="next-legs">
              {t('team.legsHave', { have: next.have_legs, need: next.legs })}
            </span>
          </span>
        }
        max={next.legs}
        now={Math.min(next.have_legs, next.legs)}
        share={legsShare}
      />
    </div>
  );
}

/** V1–V5 with their thresholds, mine highlighted; then what the next one needs. */
function LevelsCard({ data }: { readonly data: Invitation }): ReactNode {
  const { t } = useTranslation('team');
  const registry = useAssets();
  return (
    <section className="card box" aria-labelledby="team-levels-title">
      <div className="box__head">
        <h2 className="tcard__title" id="team-levels-title">
          {t('team.levels')}
        </h2>
      </div>
      <table className="tlevels">
        <thead>
          <tr>
            <th scope="col">{t('team.colLevel')}</th>
            <th scope="col" className="tlevels__num">
              {t('team.colPerformance')}
            </th>
            <th scope="col" className="tlevels__num">
              {t('team.colLegs')}
            </th>
            <th scope="col" className="tlevels__state">
              <span className="visually-hidden">{t('team.colState')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {data.levels.map((l) => {
            const state = levelState(l.level, data.level);
            return (
              <tr
                key={l.level}
                className={`tlevels__row tlevels__row--${state}`}
                data-testid="level-row"
                data-state={state}
                aria-current={state === 'current' ? 'true' : undefined}
              >
                <th scope="row" className="tlevels__lvl">
                  <LevelBadge level={l.level} muted={state === 'locked' || state === 'next'} />
                </th>
                <td className="tlevels__num num">≥ {registry.format(l.team_performance, 'USDT')}</td>
                <td className="tlevels__num num">≥ {l.legs}</td>
                <td className="tlevels__state">
                  {state === 'locked' ? null : (
                    <span className={`ttag ttag--${state}`}>{t(`team.state.${state}`)}</span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <NextLevel data={data} />
      <p className="tcard__foot">{t('team.legRule')}</p>
    </section>
  );
}

function MemberRow({ m }: { readonly m: Member }): ReactNode {
  const { t } = useTranslation('team');
  const registry = useAssets();
  return (
    <article className="trow" data-testid="member-row" data-uid={m.uid}>
      <div className="row row--between row--3">
        <span className="trow__who">
          <span className="trow__addr num" title={m.address}>
            {maskAddress(m.address, 6, 4)}
          </span>
          <LevelBadge level={m.level} />
          <ValidTag valid={m.valid} />
        </span>
        <span className="trow__amount num">{registry.format(m.volume, 'USDT')}</span>
      </div>
      <div className="row row--between row--3 trow__line--dim">
        <span>
          <span data-testid="member-generation">{t('team.generation', { n: m.distance })}</span>
          <span className="num"> · {t('team.uid', { uid: m.uid })}</span>
        </span>
        <span className="num">{formatDateTime(m.registered_at)}</span>
      </div>
    </article>
  );
}

function Team(): ReactNode {
  const { t } = useTranslation('team');
  const query = useInvitation();
  const refresh = useRefresh('/api/user/smarInvitation', '/v1/user/teamList');
  const data = query.data;
  return (
    <PullToRefresh onRefresh={refresh}>
      <div className="team">
        {data ? (
          <>
            <FiguresCard data={data} />
            <LevelsCard data={data} />
          </>
        ) : query.isError ? (
          <InlineError className="card box" onRetry={() => void query.refetch()} />
        ) : (
          <section className="card box" aria-busy="true">
            <Skeleton.Title animated />
            <Skeleton.Paragraph animated lineCount={5} />
          </section>
        )}
        <section className="tsection" aria-labelledby="team-members-title">
          <div className="row row--between tsection__head">
            <h2 className="tsection__title" id="team-members-title">
              {t('team.members')}
              {data ? <span className="tsection__count num"> · {data.headcount}</span> : null}
            </h2>
          </div>
          <ListHead left={t('team.colMemberTeam')} right={t('team.colVolume')} />
          <PagedList
            path="/v1/user/teamList"
            filters={NO_BODY}
            pullToRefresh={false}
            skeletonRows={4}
            itemKey={(m) => m.uid}
            emptyTitle={t('team.noMembers')}
            emptyBody={t('team.noMembersBody')}
            renderItem={(m) => <MemberRow m={m} />}
          />
        </section>
      </div>
    </PullToRefresh>
  );
}

/** Team (/invite2): my team's figures, the levels and what the next needs, everyone below me. */
export default function TeamScreen(): ReactNode {
  const { t } = useTranslation('team');
  const { token } = useSession();
  return token ? <Team /> : <SignInPrompt title={t('team.signInTitle')} body={t('team.signInBody')} />;
}
