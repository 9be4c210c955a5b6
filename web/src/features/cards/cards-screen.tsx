import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { invalidateApi, NO_BODY } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { routePath } from '../../paths';
import { useSession } from '../../session';
import { BalanceCard, BalanceCardPending } from '../../ui/balance-card';
import { IconRecords, IconShield, IconStore } from '../../ui/icons';
import { PagedList } from '../../ui/paged-list';
import { PullToRefresh } from '../../ui/pull-to-refresh';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { CardFace, CardsLink, KycBanner, USDT, useCardInfo } from './cards-parts';
import './cards.css';
import { useAssets } from '../../hooks/assets';

/** The card account: its balance and what is held for purchases not settled yet. */
function AccountCard(): ReactNode {
  const { t } = useTranslation('cards');
  const registry = useAssets();
  const info = useCardInfo();
  const data = info.data;
  if (!data) {
    return <BalanceCardPending className="cbox" failed={info.isError} onRetry={() => void info.refetch()} />;
  }
  return (
    <>
      <BalanceCard
        className="cbox"
        labelId="card-balance-label"
        label={t('cards.balance', { asset: USDT })}
        records={{ to: 'card', title: t('screens.card') }}
        value={registry.format(data.balance, USDT)}
        valueTestId="card-balance"
      >
        <span>{t('cards.held')}</span> <span className="num">{registry.format(data.held, USDT)}</span>
        <span aria-hidden="true"> · </span>
        <span>{t('cards.count', { n: data.cards })}</span>
      </BalanceCard>
      <KycBanner status={data.kyc_status} />
    </>
  );
}

function Cards(): ReactNode {
  const { t } = useTranslation('cards');
  const navigate = useNavigate();
  const client = useQueryClient();
  const refresh = () => invalidateApi(client, '/api/visa/info', '/api/visa/myCardList');
  return (
    <PullToRefresh onRefresh={refresh}>
      <div className="page page--tight">
        <AccountCard />
        <div className="cards__open">
          <Button
            color="primary"
            className="cards__open-btn"
            onClick={() => navigate(routePath('openCard'))}
            data-testid="open-virtual"
          >
            {t('cards.openVirtual')}
          </Button>
          <Button
            color="primary"
            fill="outline"
            className="cards__open-btn"
            onClick={() => navigate(routePath('openCard1'))}
            data-testid="open-physical"
          >
            {t('cards.applyPhysical')}
          </Button>
        </div>
        <section className="cards__list" aria-labelledby="my-cards-title">
          <h2 className="csection__title" id="my-cards-title">
            {t('cards.myCards')}
          </h2>
          <PagedList
            path="/api/visa/myCardList"
            filters={NO_BODY}
            pullToRefresh={false}
            skeletonRows={2}
            itemKey={(c) => c.id}
            emptyTitle={t('cards.noCards')}
            emptyBody={t('cards.noCardsBody')}
            className="cards__faces"
            renderItem={(c) => (
              <Link
                to={`${routePath('cardholders1')}?id=${c.id}`}
                className="cards__face-link"
                data-testid="card-item"
                data-id={c.id}
                aria-label={t('cards.openCardDetail', { card: `${c.brand} ${c.last4}` })}
              >
                <CardFace card={c} />
              </Link>
            )}
          />
        </section>
        <nav className="card link-rows" aria-label={t('cards.more')}>
          <CardsLink to="card" icon={<IconRecords />} />
          <CardsLink to="address" icon={<IconStore />} />
          <CardsLink to="realName" icon={<IconShield />} testId="to-kyc" />
        </nav>
      </div>
    </PullToRefresh>
  );
}

/** Cards (/cardholders): the card account, my cards as cards, open a virtual one or apply for a physical one. */
export default function CardsScreen(): ReactNode {
  const { t } = useTranslation('cards');
  const { token } = useSession();
  return token ? <Cards /> : <SignInPrompt title={t('cards.signInTitle')} body={t('cards.signInBody')} />;
}
