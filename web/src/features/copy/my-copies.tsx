import type { LivePositionData } from '@nexa/contract';
import { formatDate, formatDateTime, formatNumber } from '@nexa/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useState } from 'react';
import { Link } from 'react-router';
import { invalidateApi, useApiMutation, useApiQuery } from '../../api/hooks';
import { useAssets } from '../../hooks/assets';
import { useTranslation } from '../../i18n';
import { EXACT } from '../../lib/amounts';
import { useLivePositions, usePositionUpdates } from '../../live/hooks';
import { routePath } from '../../paths';
import { Segments } from '../../ui/form';
import { PagedList } from '../../ui/paged-list';
import { ConfirmSheet } from '../../ui/sheet';
import { ErrorState, ListSkeleton } from '../../ui/states';
import { Tabs } from '../../ui/tabs';
import { showToast } from '../../ui/toast';
import { Avatar, CopyTradeRow, DemoTag, type Follow, PositionLine, pctOf, signed, tone } from './copy-parts';

const ACTIVE = { status: 'active', page: 1, size: 5 } as const;
export const COPY_REFRESH = [
  '/v1/copy/myFollows',
  '/v1/copy/copyTrades',
  '/v1/copy/settlements',
  '/v1/copy/trader',
  '/v1/copy/traders',
  '/v1/futures/positions',
  '/v1/futures/account',
] as const;

/** My copies: the active one with its live PnL and copied positions, then trades, profit share and history. */
export function MyCopies(): ReactNode {
  const { t } = useTranslation('copy');
  const active = useApiQuery('/v1/copy/myFollows', ACTIVE, { refetchInterval_ms: 5000 });
  const [tab, setTab] = useState<'trades' | 'share' | 'history'>('trades');
  return (
    <div className="copy__mine-tab">
      {!active.data ? (
        active.isError ? (
          <ErrorState onRetry={() => void active.refetch()} />
        ) : (
          <ListSkeleton rows={2} />
        )
      ) : active.data.list.length === 0 ? (
        <section className="card copy__none">
          <p className="copy__none-title">{t('copy.noCopy')}</p>
          <p className="copy__none-body">{t('copy.noCopyBody')}</p>
        </section>
      ) : (
        active.data.list.map((f) => <ActiveCopy key={f.id} f={f} />)
      )}
      <Tabs
        className="copy__subtabs"
        size="m"
        value={tab}
        onChange={setTab}
        label={t('copy.records')}
        items={[
          { key: 'trades', label: t('copy.tradesTab') },
          { key: 'share', label: t('copy.shareTab') },
          { key: 'history', label: t('copy.historyTab') },
        ]}
      />
      {tab === 'trades' ? (
        <PagedList
          key="trades"
          path="/v1/copy/copyTrades"
          filters={{}}
          pullToRefresh={false}
          itemKey={(r) => r.id}
          emptyTitle={t('copy.noTrades')}
          renderItem={(r) => <CopyTradeRow r={r} />}
        />
      ) : tab === 'share' ? (
        <Settlements side="follower" />
      ) : (
        <PagedList
          key="history"
          path="/v1/copy/myFollows"
          filters={{ status: 'ended' }}
          pullToRefresh={false}
          itemKey={(f) => f.id}
          emptyTitle={t('copy.noHistory')}
          renderItem={(f) => (
            <article className="crec">
              <div className="crec__top">
                <span className="crec__who">
                  <Avatar name={f.trader_name} size={24} />
                  {f.trader_name} <DemoTag demo={f.trader_demo} />
                </span>
                <span className="cstatus">{t(`copy.endReason.${f.end_reason ?? 'user'}`)}</span>
              </div>
              <dl className="cgrid cgrid--4">
                <div>
                  <dt>{t('copy.realized')}</dt>
                  <dd className={`num ${tone(f.realized)}`}>{signed(f.realized)}</dd>
                </div>
                <div>
                  <dt>{t('copy.shared')}</dt>
                  <dd className="num">{formatNumber(f.shared, 2)}</dd>
                </div>
                <div>
                  <dt>{t('copy.started')}</dt>
                  <dd className="num">{formatDate(f.created_at)}</dd>
                </div>
                <div>
                  <dt>{t('copy.ended')}</dt>
                  <dd className="num">{f.ended_at ? formatDate(f.ended_at) : '--'}</dd>
                </div>
              </dl>
            </article>
          )}
        />
      )}
    </div>
  );
}

/** Profit-share settlements I paid (follower) or earned (lead). */
export function Settlements({ side }: { readonly side: 'follower' | 'lead' }): ReactNode {
  const { t } = useTranslation('copy');
  const registry = useAssets();
  return (
    <PagedList
      key={side}
      path="/v1/copy/settlements"
      filters={{ role: side }}
      pullToRefresh={false}
      itemKey={(s) => s.id}
      emptyTitle={t(side === 'lead' ? 'copy.noEarnings' : 'copy.noShare')}
      renderItem={(s) => (
        <article className="crec" data-testid="copy-settlement">
          <div className="crec__top">
            <span>{s.counterparty}</span>
            <span className="num">
              {side === 'lead' ? '+' : '-'}
              {registry.format(s.amount, 'USDT', EXACT)} USDT
            </span>
          </div>
          <dl className="cgrid cgrid--4">
            <div>
              <dt>{t('copy.profit')}</dt>
              <dd className="num">{registry.format(s.profit, 'USDT')}</dd>
            </div>
            <div>
              <dt>{t('copy.hwm')}</dt>
              <dd className="num">{registry.format(s.hwm, 'USDT')}</dd>
            </div>
            <div>
              <dt>{t('copy.share')}</dt>
              <dd className="num">{pctOf(s.rate)}</dd>
            </div>
            <div>
              <dt>{t('copy.period')}</dt>
              <dd className="num">{formatDateTime(s.period_end).slice(5, 10)}</dd>
            </div>
          </dl>
        </article>
      )}
    />
  );
}

/** The copy in force: its PnL (realized, and open from the live positions), budget, positions, cancel. */
export function ActiveCopy({ f, compact }: { readonly f: Follow; readonly compact?: boolean }): ReactNode {
  const { t } = useTranslation('copy');
  const registry = useAssets();
  const positions = useLivePositions();
  const queryClient = useQueryClient();
  // A position the copy did not hold yet (just copied) or one that closed: the copy's figures are asked again.
  const onPush = useCallback(
    (p: LivePositionData) => {
      if (p.closed || !f.insts.includes(p.instId))
        void invalidateApi(queryClient, '/v1/copy/trader', '/v1/copy/myFollows', '/v1/copy/copyTrades');
    },
    [f.insts, queryClient],
  );
  usePositionUpdates(onPush);
  const mine = (positions.data?.list ?? []).filter((p) => f.insts.includes(p.instId));
  const upl = mine.reduce((s, p) => s + Number(p.upl), 0);
  const total = Number(f.realized) + upl;
  const [canceling, setCanceling] = useState(false);
  const [how, setHow] = useState<'close' | 'keep'>('close');
  const cancel = useApiMutation('/v1/copy/cancel', { refreshes: COPY_REFRESH });
  const confirm = async () => {
    try {
      await cancel.mutateAsync({ follow_id: f.id, close: how === 'close' });
      setCanceling(false);
      showToast(t('copy.canceled'));
    } catch {
      // Toasted by the query client.
    }
  };
  return (
    <section className="card ccopy" data-testid="copy-active">
      <header className="ccopy__head">
        {compact ? (
          <span>{t('copy.myCopy')}</span>
        ) : (
          <Link className="ccopy__who" to={`${routePath('copyTrader')}?id=${f.trader_id}`}>
            <Avatar name={f.trader_name} size={28} />
            {t('copy.copying', { name: f.trader_name })} <DemoTag demo={f.trader_demo} /> ›
          </Link>
        )}
        <span className="cstatus cstatus--filled">{t(`copy.venues.${f.venue}`)}</span>
      </header>
      <div className={`hero-figure ccopy__big num ${tone(String(total))}`} data-testid="copy-total">
        {signed(total.toFixed(6))} <small>USDT</small>
      </div>
      <dl className="cgrid cgrid--4">
        <div>
          <dt>{t('copy.realized')}</dt>
          <dd className={`num ${tone(f.realized)}`}>{signed(f.realized)}</dd>
        </div>
        <div>
          <dt>{t('copy.open')}</dt>
          <dd className={`num ${tone(String(upl))}`}>{signed(upl.toFixed(6))}</dd>
        </div>
        <div>
          <dt>{t('copy.budget')}</dt>
          <dd className="num">{registry.format(f.budget, 'USDT')}</dd>
        </div>
        <div>
          <dt>{t('copy.shared')}</dt>
          <dd className="num">{formatNumber(f.shared, 2)}</dd>
        </div>
      </dl>
      <p className="ccopy__terms">
        {f.mode === 'amount'
          ? t('copy.termsAmount', { amount: registry.format(f.amount ?? '0', 'USDT') })
          : t('copy.termsRatio', { ratio: formatNumber(f.ratio ?? '0', 2) })}
        {f.sl_ratio ? ` · ${t('copy.slShort', { pct: pctOf(f.sl_ratio) })}` : ''}
        {f.tp_ratio ? ` · ${t('copy.tpShort', { pct: pctOf(f.tp_ratio) })}` : ''}
      </p>
      {mine.length > 0 ? (
        <div className="ccopy__positions">
          {mine.map((p) => (
            <PositionLine key={p.instId} p={p} />
          ))}
        </div>
      ) : (
        <p className="ccopy__empty">{t('copy.noCopiedPositions')}</p>
      )}
      <button type="button" className="ccopy__cancel" onClick={() => setCanceling(true)}>
        {t('copy.cancelCopy')}
      </button>
      <ConfirmSheet
        visible={canceling}
        title={t('copy.cancelCopy')}
        busy={cancel.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setCanceling(false)}
        confirmText={t('copy.cancelCopy')}
        rows={[
          { label: t('copy.realized'), value: `${signed(f.realized)} USDT` },
          { label: t('copy.open'), value: `${signed(upl.toFixed(6))} USDT` },
        ]}
        note={how === 'close' ? t('copy.cancelCloseNote') : t('copy.cancelKeepNote')}
      >
        <Segments
          label={t('copy.cancelHow')}
          value={how}
          onChange={setHow}
          options={[
            { value: 'close', label: t('copy.cancelClose') },
            { value: 'keep', label: t('copy.cancelKeep') },
          ]}
        />
      </ConfirmSheet>
    </section>
  );
}
