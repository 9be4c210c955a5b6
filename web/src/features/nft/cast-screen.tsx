import { formatNumber, type ResponseData } from '@nexa/contract';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { NO_BODY, useApiQuery } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { routePath } from '../../paths';
import { useSession } from '../../session';
import { Field } from '../../ui/form';
import { ConfirmSheet } from '../../ui/sheet';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { ErrorState, ListSkeleton } from '../../ui/states';
import { NftArt, RarityChip } from './nft-parts';
import './nft.css';
import { useAssets } from '../../hooks/assets';
import { type Cast, type CastForm, type Collection, useCastForm } from './use-cast-form';

/** Cast (/nft3): choose a collection, see my quota, cast after a confirmation (a nameplate takes a name). */
export default function CastScreen(): ReactNode {
  const { t } = useTranslation('nft');
  const { token } = useSession();
  if (!token) return <SignInPrompt title={t('nft.signInTitle')} body={t('nft.signInBody')} />;
  return <Signed />;
}

type Quota = ResponseData<'/api/assets/getNum'>;

/** My cast quota (left, base, bought, used) and the stepper that buys more. */
function QuotaCard({ q, form }: { readonly q: Quota; readonly form: CastForm }): ReactNode {
  const { t } = useTranslation('nft');
  const { count, setCount } = form;
  return (
    <section className="card nft-form">
      <div className="nft-quota">
        <div>
          <div className="nft-quota__label">{t('nft.quotaLeft')}</div>
          <div className="nft-quota__big num" data-testid="quota-left">
            {q.quota}
          </div>
        </div>
        <dl className="fig-grid nft-grid2 fig-grid--3">
          <div>
            <dt>{t('nft.base')}</dt>
            <dd className="num">{q.base}</dd>
          </div>
          <div>
            <dt>{t('nft.bought')}</dt>
            <dd className="num">{q.bought}</dd>
          </div>
          <div>
            <dt>{t('nft.used')}</dt>
            <dd className="num">{q.used}</dd>
          </div>
        </dl>
      </div>
      <div className="row">
        <span className="nft-add__label">
          {t('nft.addQuota', { price: formatNumber(q.price, 2), asset: q.asset })}
        </span>
        <div className="row nft-stepper">
          <button type="button" aria-label="-" onClick={() => setCount(Math.max(1, count - 1))}>
            −
          </button>
          <span className="num" data-testid="quota-count">
            {count}
          </span>
          <button
            type="button"
            aria-label="+"
            onClick={() => setCount(Math.min(Math.max(1, q.can_buy), count + 1))}
          >
            +
          </button>
        </div>
        <button
          type="button"
          className="btn-primary nft-btn nft-btn--small"
          disabled={q.can_buy === 0}
          data-testid="quota-buy"
          onClick={() => form.buy.open({ count })}
        >
          {t('nft.buy')}
        </button>
      </div>
    </section>
  );
}

/** The collections to cast from (fee and how many are minted), a nameplate's name, the cast button. */
function CollectionCard({
  list,
  q,
  form,
}: {
  readonly list: readonly Collection[];
  readonly q: Quota;
  readonly form: CastForm;
}): ReactNode {
  const { t } = useTranslation('nft');
  const registry = useAssets();
  const ids = useId();
  const { c } = form;
  return (
    <section className="card nft-form">
      <h2 className="nft-h">{t('nft.chooseCollection')}</h2>
      <div className="nft-choices">
        {list.map((x) => (
          <button
            key={x.id}
            type="button"
            aria-pressed={x.id === c?.id}
            className={x.id === c?.id ? 'nft-choice nft-choice--on' : 'nft-choice'}
            onClick={() => form.setChosen(x.id)}
          >
            <span>{x.name}</span>
            <small className="num">
              {registry.format(x.fee, x.fee_asset)} {x.fee_asset} ·{' '}
              {x.cap === null ? x.minted : `${x.minted} / ${x.cap}`}
            </small>
          </button>
        ))}
      </div>
      {c?.kind === 'nameplate' ? (
        <Field htmlFor={`${ids}-name`} label={t('nft.name')} error={form.nameShown}>
          <input
            id={`${ids}-name`}
            className="nft-input"
            maxLength={24}
            value={form.name}
            placeholder={t('nft.namePrompt')}
            onChange={(e) => form.setName(e.target.value)}
          />
        </Field>
      ) : null}
      <button
        type="button"
        className="btn-primary nft-btn"
        data-testid="cast-btn"
        disabled={q.quota === 0}
        onClick={form.review}
      >
        {q.quota === 0
          ? t('nft.noQuota')
          : t('nft.castFor', {
              fee: registry.format(c?.fee ?? '0', c?.fee_asset ?? 'USDT'),
              asset: c?.fee_asset ?? 'USDT',
            })}
      </button>
      <p className="note note--xs nft-note">{t('nft.castRules')}</p>
    </section>
  );
}

/** The NFT just cast, with the way to it. */
function CastResult({ made }: { readonly made: Cast }): ReactNode {
  const { t } = useTranslation('nft');
  return (
    <section className="card nft-result" data-testid="cast-result">
      <NftArt
        symbol={made.nft.symbol}
        serial={made.nft.serial}
        rarity={made.nft.rarity}
        label={made.nft.name}
      />
      <div>
        <div className="nft-detail__name">{made.nft.name}</div>
        <RarityChip rarity={made.nft.rarity} />
        <Link className="nft-link" to={`${routePath('nft2')}?id=${made.nft.id}`}>
          {t('nft.view')} ›
        </Link>
      </div>
    </section>
  );
}

/** The cast and the quota purchase, each to confirm. */
function CastConfirms({ q, form }: { readonly q: Quota; readonly form: CastForm }): ReactNode {
  const { t } = useTranslation('nft');
  const registry = useAssets();
  const { c, cast, buy, count } = form;
  return (
    <>
      <ConfirmSheet
        visible={cast.content !== null}
        title={t('nft.confirmCast')}
        busy={cast.busy}
        onClose={cast.close}
        onConfirm={form.confirmCast}
        rows={[
          { label: t('nft.collection'), value: c?.name ?? '', strong: true },
          ...(c?.kind === 'nameplate' ? [{ label: t('nft.name'), value: form.name.trim() }] : []),
          {
            label: t('nft.fee'),
            value: `${registry.format(c?.fee ?? '0', c?.fee_asset ?? 'USDT')} ${c?.fee_asset ?? ''}`,
          },
          { label: t('nft.quotaAfter'), value: String(Math.max(0, q.quota - 1)) },
        ]}
        note={t('nft.castNote')}
      />
      <ConfirmSheet
        visible={buy.content !== null}
        title={t('nft.confirmQuota')}
        busy={buy.busy}
        onClose={buy.close}
        onConfirm={form.confirmQuota}
        rows={[
          { label: t('nft.casts'), value: String(count), strong: true },
          { label: t('nft.total'), value: `${formatNumber(String(Number(q.price) * count), 2)} ${q.asset}` },
        ]}
      />
    </>
  );
}

function Signed(): ReactNode {
  const cols = useApiQuery('/v1/nft/collections', NO_BODY);
  const quota = useApiQuery('/api/assets/getNum', NO_BODY);
  const form = useCastForm(cols.data?.list);
  if (!cols.data || !quota.data) {
    const failed = cols.isError || quota.isError;
    return (
      <div className="page nft">
        {failed ? (
          <ErrorState onRetry={() => void Promise.all([cols.refetch(), quota.refetch()])} />
        ) : (
          <ListSkeleton rows={4} />
        )}
      </div>
    );
  }
  const q = quota.data;
  return (
    <div className="page nft">
      <QuotaCard q={q} form={form} />
      <CollectionCard list={cols.data.list} q={q} form={form} />
      {form.made ? <CastResult made={form.made} /> : null}
      <CastConfirms q={q} form={form} />
    </div>
  );
}
