import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { NO_BODY, useApiQuery } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { useSession } from '../../session';
import { PagedList } from '../../ui/paged-list';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { Tabs } from '../../ui/tabs';
import { ApplicationRow, cardName, RechargeRow, SpendRow } from './cards-parts';
import './cards.css';

const TABS = ['topups', 'spending', 'applications'] as const;
type Tab = (typeof TABS)[number];

function isTab(value: string | null): value is Tab {
  return (TABS as readonly (string | null)[]).includes(value);
}

/** My cards' names by id, for the rows that name only a card id. */
function useCardNames(): (id: number) => string | undefined {
  const cards = useApiQuery('/api/visa/myCardList', { page: 1, size: 50 });
  return (id) => {
    const card = cards.data?.list.find((c) => c.id === id);
    return card ? cardName(card) : undefined;
  };
}

function Records(): ReactNode {
  const { t } = useTranslation('cards');
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const [tab, setTabState] = useState<Tab>(isTab(tabParam) ? tabParam : 'topups');
  const nameOf = useCardNames();
  const setTab = (next: Tab) => {
    setTabState(next);
    setParams(next === 'topups' ? {} : { tab: next }, { replace: true });
  };
  return (
    <div className="crecords">
      <Tabs
        className="crecords__tabs"
        size="m"
        value={tab}
        onChange={setTab}
        label={t('screens.card')}
        items={TABS.map((k) => ({ key: k, label: t(`cards.records.tabs.${k}`) }))}
      />
      {tab === 'topups' ? (
        <PagedList
          key="topups"
          path="/api/visa/rechargeList"
          filters={NO_BODY}
          itemKey={(r) => r.id}
          emptyTitle={t('cards.records.noTopups')}
          emptyBody={t('cards.records.noTopupsBody')}
          renderItem={(r) => <RechargeRow r={r} {...withName(nameOf(r.card_id))} />}
        />
      ) : tab === 'spending' ? (
        <PagedList
          key="spending"
          path="/api/visa/consumeList"
          filters={NO_BODY}
          itemKey={(s) => s.id}
          emptyTitle={t('cards.noSpending')}
          emptyBody={t('cards.records.noSpendingBody')}
          renderItem={(s) => <SpendRow s={s} {...withName(nameOf(s.card_id))} />}
        />
      ) : (
        <PagedList
          key="applications"
          path="/api/visa/applyCardList"
          filters={NO_BODY}
          itemKey={(c) => c.id}
          emptyTitle={t('cards.records.noApplications')}
          emptyBody={t('cards.records.noApplicationsBody')}
          renderItem={(c) => <ApplicationRow c={c} />}
        />
      )}
    </div>
  );
}

/** A card's name where it is known (exactOptionalPropertyTypes: no `undefined` passed on). */
function withName(name: string | undefined): { cardLabel?: string } {
  return name ? { cardLabel: name } : {};
}

/** Card records (/card): top-ups, spending as the issuer reported it, and card applications. */
export default function CardRecordsScreen(): ReactNode {
  const { t } = useTranslation('cards');
  const { token } = useSession();
  return token ? <Records /> : <SignInPrompt title={t('cards.signInTitle')} body={t('cards.signInBody')} />;
}
