import { formatDateTime } from '@nexa/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { invalidateApi, NO_BODY, useApiQuery } from '../../api/hooks';
import type { PagedItem } from '../../api/paging';
import { useTranslation } from '../../i18n';
import { routePath } from '../../paths';
import { useSession } from '../../session';
import { IconAlert, IconCheckCircle, IconClock, IconShield } from '../../ui/icons';
import { RecordRow, StatusTag } from '../../ui/money';
import { PullToRefresh } from '../../ui/pull-to-refresh';
import { RecordsSection } from '../../ui/records-section';
import { InfoRows } from '../../ui/sheet';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { InlineError } from '../../ui/states';
import { type Kyc, type KycState, useNationName } from './cards-parts';
import './cards.css';

const ICONS: Readonly<Record<KycState, ReactNode>> = {
  none: <IconShield />,
  pending: <IconClock />,
  approved: <IconCheckCircle />,
  failed: <IconAlert />,
};

/** What was submitted: name, country, document and when. */
function KycFacts({ kyc }: { readonly kyc: Kyc }): ReactNode {
  const { t } = useTranslation('cards');
  const nationName = useNationName();
  return (
    <InfoRows
      className="cbox__rows"
      rows={[
        { label: t('cards.kyc.name'), value: `${kyc.given_name} ${kyc.surname}` },
        { label: t('cards.kyc.country'), value: nationName(kyc.country) },
        {
          label: t('cards.kyc.document'),
          value: `${t(`cards.docType.${kyc.doc_type}`)} · ${kyc.doc_number}`,
        },
        { label: t('cards.kyc.birthDate'), value: kyc.birth_date },
        { label: t('cards.kyc.submitted'), value: formatDateTime(kyc.created_at) },
        ...(kyc.reviewed_at
          ? [{ label: t('cards.kyc.reviewed'), value: formatDateTime(kyc.reviewed_at) }]
          : []),
      ]}
    />
  );
}

/** Where my verification stands, and the one thing to do next. */
function StatusCard(): ReactNode {
  const { t } = useTranslation('cards');
  const navigate = useNavigate();
  const q = useApiQuery('/api/digitalAssets/showRealName', NO_BODY);
  if (!q.data) {
    return q.isError ? (
      <InlineError className="card cbox" onRetry={() => void q.refetch()} />
    ) : (
      <section className="card cbox" aria-busy="true">
        <Skeleton.Title animated />
        <Skeleton.Paragraph animated lineCount={3} />
      </section>
    );
  }
  const { status, kyc } = q.data;
  return (
    <section className={`card cbox ckyc ckyc--${status}`} data-testid="kyc-status" data-status={status}>
      <div className="ckyc__head">
        <span className="icon-disc ckyc__icon" aria-hidden="true">
          {ICONS[status]}
        </span>
        <div className="ckyc__text">
          <h2 className="ckyc__title">{t(`cards.kyc.status.${status}.title`)}</h2>
          <p className="ckyc__body">{t(`cards.kyc.status.${status}.body`)}</p>
          {kyc?.demo_approval && (status === 'pending' || status === 'approved') ? (
            <p className="ckyc__demo" data-testid="kyc-demo">
              {t(status === 'pending' ? 'cards.kyc.demo.pending' : 'cards.kyc.demo.approved')}
            </p>
          ) : null}
        </div>
      </div>
      {status === 'failed' && kyc?.reason ? (
        <p className="ckyc__reason" data-testid="kyc-reason">
          <span className="ckyc__reason-label">{t('cards.kyc.reason')}</span> {kyc.reason}
        </p>
      ) : null}
      {kyc ? <KycFacts kyc={kyc} /> : null}
      {status === 'none' ? (
        <ul className="cfacts">
          <li>{t('cards.kyc.step1')}</li>
          <li>{t('cards.kyc.step2')}</li>
        </ul>
      ) : null}
      {status === 'none' ? (
        <Button
          block
          color="primary"
          size="large"
          className="ckyc__action"
          onClick={() => navigate(routePath('realName1'))}
          data-testid="kyc-start"
        >
          {t('cards.kyc.start')}
        </Button>
      ) : status === 'failed' && kyc ? (
        <Button
          block
          color="primary"
          size="large"
          className="ckyc__action"
          onClick={() => navigate(`${routePath('realName1')}?id=${kyc.id}`)}
          data-testid="kyc-edit"
        >
          {t('cards.kyc.resubmit')}
        </Button>
      ) : status === 'approved' ? (
        <Button
          block
          color="primary"
          fill="outline"
          size="large"
          className="ckyc__action"
          onClick={() => navigate(routePath('cardholders'))}
        >
          {t('cards.kyc.toCards')}
        </Button>
      ) : null}
    </section>
  );
}

function KycRow({ k }: { readonly k: PagedItem<'/api/visa/kycList'> }): ReactNode {
  const { t } = useTranslation('cards');
  const nationName = useNationName();
  const details: { label: string; value: ReactNode; tone?: 'danger' }[] = [
    { label: t('cards.kyc.name'), value: `${k.given_name} ${k.surname}` },
    { label: t('cards.kyc.document'), value: <span className="num">{k.doc_number}</span> },
  ];
  if (k.status === 'failed' && k.reason)
    details.push({ label: t('cards.kyc.reason'), value: k.reason, tone: 'danger' });
  return (
    <div data-testid="kyc-row">
      <RecordRow
        title={`${t(`cards.docType.${k.doc_type}`)} · ${nationName(k.country)}`}
        amount={<StatusTag status={k.status} />}
        time={k.created_at}
        details={details}
      />
    </div>
  );
}

function KycStatus(): ReactNode {
  const { t } = useTranslation('cards');
  const client = useQueryClient();
  const refresh = () => invalidateApi(client, '/api/digitalAssets/showRealName', '/api/visa/kycList');
  return (
    <PullToRefresh onRefresh={refresh}>
      <div className="page page--tight">
        <StatusCard />
      </div>
      <RecordsSection
        texts={{
          title: t('cards.kyc.history'),
          emptyTitle: t('cards.kyc.noHistory'),
          emptyBody: t('cards.kyc.noHistoryBody'),
        }}
        path="/api/visa/kycList"
        filters={NO_BODY}
        renderItem={(k) => <KycRow k={k} />}
      />
    </PullToRefresh>
  );
}

/** Identity verification (/realName): pending, approved, or failed with its reason and a way to resubmit. */
export default function KycScreen(): ReactNode {
  const { t } = useTranslation('cards');
  const { token } = useSession();
  return token ? (
    <KycStatus />
  ) : (
    <SignInPrompt title={t('cards.kyc.signInTitle')} body={t('cards.kyc.signInBody')} />
  );
}
