import { formatDateTime, formatNumber } from '@nexa/contract';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { useApiQuery } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { EXACT } from '../../lib/amounts';
import { routePath } from '../../paths';
import { useSession } from '../../session';
import { AmountInput, Field } from '../../ui/form';
import { ConfirmSheet } from '../../ui/sheet';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { ErrorState, ListSkeleton } from '../../ui/states';
import './insurance.css';
import { useAssets } from '../../hooks/assets';
import { type CoverList, type InsuranceForm, useInsuranceForm } from './use-insurance-form';

const FIRST_PAGE = { page: 1, size: 10 };
const pct = (rate: string) => `${formatNumber(String(Number(rate) * 100), 2)}%`;

/**
 * Insurance (/node7): the cover in force (limit, what is left of it, paid, from when and until when), the
 * terms, and the form to buy one: a limit, its premium, a confirmation.
 */
export default function InsuranceScreen(): ReactNode {
  const { t } = useTranslation('insurance');
  const { token } = useSession();
  if (!token) {
    return (
      <div className="page">
        <SignInPrompt title={t('insurance.signInTitle')} body={t('insurance.signInBody')} />
      </div>
    );
  }
  return <Signed />;
}

type Cover = CoverList['list'][number];

/** The cover in force: what is left of its limit, paid out, its premium, from when and until when. */
function CoverCard({ current }: { readonly current: Cover }): ReactNode {
  const { t } = useTranslation('insurance');
  const registry = useAssets();
  return (
    <section className="box card" data-testid="ins-cover">
      <header className="ins__cover-head">
        <span>{t('insurance.myCover')}</span>
        <span className={`ins__status ins__status--${current.status}`}>
          {t(`insurance.status.${current.status}`)}
        </span>
      </header>
      <div className="hero-figure ins__big num">
        {registry.format(current.remaining, 'USDT')}{' '}
        <small>/ {registry.format(current.limit, 'USDT')} USDT</small>
      </div>
      <div className="ins__sub">{t('insurance.remaining')}</div>
      <dl className="fig-grid ins__grid">
        <div>
          <dt>{t('insurance.paid')}</dt>
          <dd className="num">{registry.format(current.paid, 'USDT')} USDT</dd>
        </div>
        <div>
          <dt>{t('insurance.premium')}</dt>
          <dd className="num">{registry.format(current.premium, 'USDT')} USDT</dd>
        </div>
        <div>
          <dt>{t('insurance.activeFrom')}</dt>
          <dd className="num">{formatDateTime(current.active_from)}</dd>
        </div>
        <div>
          <dt>{t('insurance.expires')}</dt>
          <dd className="num">{formatDateTime(current.expires_at)}</dd>
        </div>
      </dl>
    </section>
  );
}

/** The terms a cover is sold on: premium rate, share of a loss paid, waiting time and leverage, validity. */
function TermsCard({ d }: { readonly d: CoverList }): ReactNode {
  const { t } = useTranslation('insurance');
  return (
    <section className="box card" aria-label={t('insurance.terms')}>
      <h2 className="ins__h">{t('insurance.terms')}</h2>
      <ul className="ins__list">
        <li>{t('insurance.termPremium', { rate: pct(d.premium_rate) })}</li>
        <li>{t('insurance.termShare', { share: pct(d.share) })}</li>
        <li>{t('insurance.termWaiting', { hours: d.waiting_h, lever: d.max_lever })}</li>
        <li>{t('insurance.termValid', { days: d.valid_days })}</li>
      </ul>
    </section>
  );
}

/** The form that buys a cover: its limit (with what I have), the premium, the button. */
function BuyCard({ form }: { readonly form: InsuranceForm }): ReactNode {
  const { t } = useTranslation('insurance');
  const registry = useAssets();
  const ids = useId();
  const { available, premium } = form;
  return (
    <section className="box card">
      <Field
        htmlFor={`${ids}-limit`}
        label={t('insurance.limit')}
        error={form.shown}
        extra={
          available !== null ? t('insurance.available', { amount: registry.format(available, 'USDT') }) : null
        }
      >
        <AmountInput
          id={`${ids}-limit`}
          value={form.limit}
          onChange={form.setLimit}
          placeholder={t('insurance.limitPrompt')}
          asset="USDT"
        />
      </Field>
      <p className="ins__premium num">
        {t('insurance.premium')}: {premium > 0 ? `${registry.format(premium, 'USDT')} USDT` : '--'}
      </p>
      <button type="button" className="ins__btn" onClick={form.review}>
        {t('insurance.buy')}
      </button>
    </section>
  );
}

/** The purchase to confirm: limit, premium, the share of a loss paid, the waiting time. */
function BuyConfirm({ form, d }: { readonly form: InsuranceForm; readonly d: CoverList }): ReactNode {
  const { t } = useTranslation('insurance');
  const registry = useAssets();
  const { call } = form;
  return (
    <ConfirmSheet
      visible={call.content !== null}
      title={t('insurance.confirmTitle')}
      busy={call.busy}
      onConfirm={() => void form.confirm()}
      onClose={call.close}
      rows={[
        { label: t('insurance.limit'), value: `${registry.format(form.limit || '0', 'USDT', EXACT)} USDT` },
        {
          label: t('insurance.premium'),
          value: `${registry.format(form.premium, 'USDT')} USDT`,
          strong: true,
        },
        { label: t('insurance.share'), value: pct(d.share) },
        { label: t('insurance.waiting'), value: t('insurance.hours', { hours: d.waiting_h }) },
      ]}
      note={t('insurance.confirmNote', { lever: d.max_lever })}
    />
  );
}

function Signed(): ReactNode {
  const { t } = useTranslation('insurance');
  const list = useApiQuery('/v1/user/buyInsuranceList', FIRST_PAGE);
  const form = useInsuranceForm(list.data);
  if (!list.data) {
    return (
      <div className="page">
        {list.isError ? <ErrorState onRetry={() => void list.refetch()} /> : <ListSkeleton rows={3} />}
      </div>
    );
  }
  const d = list.data;
  const current = d.list.find((c) => c.status === 'active' || c.status === 'waiting') ?? null;
  return (
    <div className="page">
      {current ? (
        <CoverCard current={current} />
      ) : (
        <section className="box ins__cover--none card">
          <p className="ins__none-title">{t('insurance.noCover')}</p>
          <p className="ins__none-body">{t('insurance.noCoverBody')}</p>
        </section>
      )}

      <TermsCard d={d} />

      {current ? null : <BuyCard form={form} />}
      <Link className="ins__records" to={routePath('node8')}>
        {t('insurance.records')} ›
      </Link>
      <BuyConfirm form={form} d={d} />
    </div>
  );
}
