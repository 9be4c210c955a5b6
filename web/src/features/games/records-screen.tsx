import { formatDateTime } from '@nexa/contract';
import { type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { PagedItem } from '../../api/paging';
import { useTranslation } from '../../i18n';
import { useSession } from '../../session';
import { PagedList } from '../../ui/paged-list';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { Tabs } from '../../ui/tabs';
import { type EntryStatus, EntryTag, GroupTag, RankBadge, raceLink, useTicketsText } from './game-parts';
import { RaceDetail } from './race-detail';
import './games.css';
import { useAssets } from '../../hooks/assets';
import { EXACT } from '../../lib/amounts';

type Tab = 'entries' | 'orders' | 'locks' | 'moves';
const TABS: readonly Tab[] = ['entries', 'orders', 'locks', 'moves'];
const STATUSES: readonly (EntryStatus | 'all')[] = [
  'all',
  'not_drawn',
  'won',
  'not_won',
  'finished',
  'refunded',
];
const NO_FILTERS = {};

type Entry = PagedItem<'/api/racer/playLog'>;
type TicketOrder = PagedItem<'/api/racer/ticketOrderList'>;
type LockRow = PagedItem<'/api/racer/lockLog'>;
type TicketMove = PagedItem<'/api/game/orderList'>;

/** Match records (/game1): my entries, ticket orders, principal locks, ticket changes; `?group=` one race. */
export default function RecordsScreen(): ReactNode {
  const { t } = useTranslation('games');
  const { token } = useSession();
  const [params, setParams] = useSearchParams();
  const group = Number(params.get('group'));
  const tabParam = params.get('tab') as Tab | null;
  const tab: Tab = tabParam && TABS.includes(tabParam) ? tabParam : 'entries';
  const [status, setStatus] = useState<EntryStatus | 'all'>('all');
  if (!token) return <SignInPrompt title={t('games.signInTitle')} body={t('games.signInBody')} />;
  if (Number.isInteger(group) && group > 0) return <RaceDetail key={group} id={group} />;
  return (
    <div className="games games--records">
      <Tabs
        className="games__tabs scroll-x"
        size="m"
        value={tab}
        onChange={(next) => setParams(next === 'entries' ? {} : { tab: next }, { replace: true })}
        items={TABS.map((k) => ({ key: k, label: t(`games.recordTabs.${k}`) }))}
      />
      {tab === 'entries' ? (
        <>
          <fieldset className="gfilters">
            <legend className="visually-hidden">{t('games.statusFilter')}</legend>
            {STATUSES.map((s) => (
              <button
                key={s}
                type="button"
                aria-pressed={s === status}
                className={s === status ? 'gfilter gfilter--on' : 'gfilter'}
                onClick={() => setStatus(s)}
              >
                {s === 'all' ? t('games.all') : t(`games.entryStatus.${s}`)}
              </button>
            ))}
          </fieldset>
          <PagedList
            key={status}
            path="/api/racer/playLog"
            filters={status === 'all' ? {} : { status }}
            itemKey={(e) => e.id}
            emptyTitle={t('games.noEntries')}
            emptyBody={t('games.noEntriesBody')}
            renderItem={(e) => <EntryRow e={e} />}
          />
        </>
      ) : tab === 'orders' ? (
        <PagedList
          path="/api/racer/ticketOrderList"
          filters={NO_FILTERS}
          itemKey={(o) => o.id}
          emptyTitle={t('games.noOrders')}
          renderItem={(o) => <OrderRow o={o} />}
        />
      ) : tab === 'locks' ? (
        <PagedList
          path="/api/racer/lockLog"
          filters={NO_FILTERS}
          itemKey={(l) => l.id}
          emptyTitle={t('games.noLocks')}
          renderItem={(l) => <LockLine l={l} />}
        />
      ) : (
        <PagedList
          path="/api/game/orderList"
          filters={NO_FILTERS}
          itemKey={(m) => m.id}
          emptyTitle={t('games.noMoves')}
          renderItem={(m) => <MoveRow m={m} />}
        />
      )}
    </div>
  );
}

function EntryRow({ e }: { readonly e: Entry }): ReactNode {
  const { t } = useTranslation('games');
  const registry = useAssets();
  const tk = useTicketsText();
  return (
    <Link className="list-row list-row--pad grow" to={raceLink(e.group_id)} data-testid="entry-row">
      <div className="list-row__top">
        <span className="grow__title">
          {t('games.raceNo', { id: e.group_id })}
          <span className="grow__dim num"> · {tk(e.tickets)}</span>
        </span>
        <span className="gcard__tags">
          {e.status === 'finished' && e.rank !== null ? (
            // A finished entry was paid: whether it won stays worth saying.
            <EntryTag status={Number(e.reward) > 0 ? 'won' : 'not_won'} />
          ) : (
            <GroupTag status={e.group_status} />
          )}
          <EntryTag status={e.status} />
        </span>
      </div>
      <dl className="ggrid ggrid--4">
        <div>
          <dt>{t('games.rank')}</dt>
          <dd>
            <RankBadge rank={e.rank} />
          </dd>
        </div>
        <div>
          <dt>{t('games.reward')}</dt>
          <dd className={Number(e.reward) > 0 ? 'num up' : 'num'} data-testid="entry-reward">
            {registry.format(e.reward, 'USDT', EXACT)}
          </dd>
        </div>
        <div>
          <dt>{t('games.principal')}</dt>
          <dd className="num">{registry.format(e.principal, 'USDT', EXACT)}</dd>
        </div>
        <div>
          <dt>{t('games.pay')}</dt>
          <dd>{e.pay === 'chain' ? t('games.payChain') : t('games.payBalance')}</dd>
        </div>
      </dl>
      <div className="grow__foot num">
        <span>{formatDateTime(e.created_at)}</span>
        <span className="grow__more">{t('games.details')} ›</span>
      </div>
    </Link>
  );
}

function OrderRow({ o }: { readonly o: TicketOrder }): ReactNode {
  const { t } = useTranslation('games');
  const registry = useAssets();
  const tk = useTicketsText();
  return (
    <article className="list-row list-row--pad grow" data-testid="order-row">
      <div className="list-row__top">
        <span className="grow__title">{t(`games.orderKind.${o.kind}`)}</span>
        <span className="grow__amount num up">+{tk(o.count)}</span>
      </div>
      <div className="grow__foot num">
        <span>{formatDateTime(o.created_at)}</span>
        <span>
          {o.pay_asset
            ? `${t('games.paid')} ${registry.format(o.pay_amount, o.pay_asset, EXACT)} ${o.pay_asset}`
            : t('games.free')}
        </span>
      </div>
    </article>
  );
}

function LockLine({ l }: { readonly l: LockRow }): ReactNode {
  const { t } = useTranslation('games');
  const registry = useAssets();
  return (
    <Link className="list-row list-row--pad grow" to={raceLink(l.group_id)} data-testid="lock-row">
      <div className="list-row__top">
        <span className="grow__title">
          {t(`games.lockAction.${l.action}`)}
          <span className="grow__dim"> · {t('games.raceNo', { id: l.group_id })}</span>
        </span>
        <span className={l.action === 'unlock' ? 'grow__amount num up' : 'grow__amount num'}>
          {l.action === 'unlock' ? '+' : '-'}
          {registry.format(l.amount, 'USDT', EXACT)} USDT
        </span>
      </div>
      <div className="grow__foot num">
        <span>{formatDateTime(l.created_at)}</span>
      </div>
    </Link>
  );
}

function MoveRow({ m }: { readonly m: TicketMove }): ReactNode {
  const { t } = useTranslation('games');
  return (
    <article className="list-row list-row--pad grow" data-testid="move-row">
      <div className="list-row__top">
        <span className="grow__title">{t(`games.moveReason.${m.reason}`)}</span>
        <span className={m.change > 0 ? 'grow__amount num up' : 'grow__amount num down'}>
          {m.change > 0 ? `+${m.change}` : m.change}
        </span>
      </div>
      <div className="grow__foot num">
        <span>{formatDateTime(m.created_at)}</span>
        <span>{t('games.balanceAfter', { count: m.balance })}</span>
      </div>
    </article>
  );
}
