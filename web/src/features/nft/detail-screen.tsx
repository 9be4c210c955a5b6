import { formatDateMinute, type ResponseData } from '@nexa/contract';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiFailure, NO_BODY, useApiQuery } from '../../api/hooks';
import { useMoneyCall } from '../../hooks/money';
import { useTranslation } from '../../i18n';
import { useSession } from '../../session';
import { ConfirmSheet } from '../../ui/sheet';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { ErrorState, MissingState, ScreenSkeleton } from '../../ui/states';
import { showToast } from '../../ui/toast';
import { NftArt, RarityChip } from './nft-parts';
import './nft.css';
import { useAssets } from '../../hooks/assets';

const REFRESH = [
  '/v1/nft/detail',
  '/api/assets/nftRecord',
  '/api/assets/nftPoolRecord',
  '/v1/nft/collections',
] as const;

/** One NFT (/nft2?id=): artwork and figures; stake it in a pool of its collection, or take it out. */
export default function DetailScreen(): ReactNode {
  const { t } = useTranslation('nft');
  const { token } = useSession();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  if (!token) return <SignInPrompt title={t('nft.signInTitle')} body={t('nft.signInBody')} />;
  if (!Number.isInteger(id) || id <= 0) return <MissingState noId back="/nft" />;
  return <Detail id={id} />;
}

type Nft = ResponseData<'/v1/nft/detail'>;
type Pool = ResponseData<'/v1/nft/collections'>['list'][number]['pools'][number];

/** The NFT: its artwork, name and rarity, collection and serial, weight, what it earned, when it was minted. */
function NftCard({ n }: { readonly n: Nft }): ReactNode {
  const { t } = useTranslation('nft');
  const registry = useAssets();
  return (
    <section className="card nft-detail">
      <NftArt symbol={n.symbol} serial={n.serial} rarity={n.rarity} label={n.name} />
      <div className="row row--between">
        <h1 className="nft-detail__name">{n.name}</h1>
        <RarityChip rarity={n.rarity} />
      </div>
      <dl className="fig-grid nft-grid2">
        <div>
          <dt>{t('nft.collection')}</dt>
          <dd>
            {n.collection} #{n.serial}
          </dd>
        </div>
        <div>
          <dt>{t('nft.weight')}</dt>
          <dd className="num">{n.weight}</dd>
        </div>
        <div>
          <dt>{t('nft.earned')}</dt>
          <dd className="num up" data-testid="nft-earned">
            {registry.format(n.earned, 'BWC')} BWC
          </dd>
        </div>
        <div>
          <dt>{t('nft.minted')}</dt>
          <dd className="num">{formatDateMinute(n.minted_at)}</dd>
        </div>
      </dl>
    </section>
  );
}

/** Where the NFT earns: the pool it is staked in (and the way out), or the active pools to stake it in. */
function StakeCard({
  n,
  pools,
  chosen,
  onChoose,
  onStake,
  onUnstake,
}: {
  readonly n: Nft;
  readonly pools: readonly Pool[];
  readonly chosen: Pool | undefined;
  readonly onChoose: (poolId: number) => void;
  readonly onStake: () => void;
  readonly onUnstake: () => void;
}): ReactNode {
  const { t } = useTranslation('nft');
  const registry = useAssets();
  return (
    <section className="card nft-form">
      {n.status === 'staked' ? (
        <>
          <p className="note note--xs nft-note">{t('nft.stakedIn', { pool: n.pool ?? '' })}</p>
          <button
            type="button"
            className="btn-primary nft-btn nft-btn--ghost"
            data-testid="unstake-btn"
            onClick={onUnstake}
          >
            {t('nft.unstake')}
          </button>
        </>
      ) : pools.length === 0 ? (
        <p className="note note--xs nft-note">{t('nft.noPool')}</p>
      ) : (
        <>
          <h2 className="nft-h">{t('nft.choosePool')}</h2>
          <div className="nft-choices">
            {pools.map((p) => (
              <button
                key={p.id}
                type="button"
                aria-pressed={p.id === chosen?.id}
                className={p.id === chosen?.id ? 'nft-choice nft-choice--on' : 'nft-choice'}
                onClick={() => onChoose(p.id)}
              >
                <span>{p.name}</span>
                <small className="num">
                  {t('nft.budgetDay', { amount: registry.format(p.daily_budget, p.asset), asset: p.asset })}
                </small>
              </button>
            ))}
          </div>
          <button type="button" className="btn-primary nft-btn" data-testid="stake-btn" onClick={onStake}>
            {t('nft.stake')}
          </button>
        </>
      )}
      <p className="note note--xs nft-note">{t('nft.poolRules')}</p>
    </section>
  );
}

function Detail({ id }: { readonly id: number }): ReactNode {
  const { t } = useTranslation('nft');
  const q = useApiQuery('/v1/nft/detail', { id }, { handles: ['NftNotFound'] });
  const cols = useApiQuery('/v1/nft/collections', NO_BODY);
  const stake = useMoneyCall('/v1/nft/stake', REFRESH);
  const unstake = useMoneyCall('/v1/nft/unstake', REFRESH);
  const [pool, setPool] = useState<number | null>(null);
  if (!q.data) {
    if (q.error instanceof ApiFailure && q.error.is('NftNotFound'))
      return <MissingState title={t('nft.notFound')} back="/nft" />;
    return q.isError ? <ErrorState onRetry={() => void q.refetch()} /> : <ScreenSkeleton />;
  }
  const n = q.data;
  const pools = (cols.data?.list.find((c) => c.id === n.collection_id)?.pools ?? []).filter(
    (p) => p.status === 'active',
  );
  const chosen = pools.find((p) => p.id === (pool ?? pools[0]?.id));
  return (
    <div className="page nft">
      <NftCard n={n} />
      <StakeCard
        n={n}
        pools={pools}
        chosen={chosen}
        onChoose={setPool}
        onStake={() => chosen && stake.open({ nft_id: n.id, pool_id: chosen.id })}
        onUnstake={() => unstake.open({ nft_id: n.id })}
      />
      <ConfirmSheet
        visible={stake.content !== null}
        title={t('nft.confirmStake')}
        busy={stake.busy}
        onClose={stake.close}
        onConfirm={() =>
          void stake.confirm().then((done) => {
            if (done) showToast(t('nft.stakedToast'));
          })
        }
        rows={[
          { label: t('nft.nft'), value: n.name, strong: true },
          { label: t('nft.pool'), value: chosen?.name ?? '' },
          { label: t('nft.weight'), value: String(n.weight) },
        ]}
        note={t('nft.stakeNote')}
      />
      <ConfirmSheet
        visible={unstake.content !== null}
        title={t('nft.confirmUnstake')}
        busy={unstake.busy}
        onClose={unstake.close}
        onConfirm={() =>
          void unstake.confirm().then((done) => {
            if (done) showToast(t('nft.unstakedToast'));
          })
        }
        rows={[
          { label: t('nft.nft'), value: n.name, strong: true },
          { label: t('nft.pool'), value: n.pool ?? '' },
        ]}
        note={t('nft.unstakeNote')}
      />
    </div>
  );
}
