import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../i18n';
import { useSession } from '../../session';
import { PagedList } from '../../ui/paged-list';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { Tabs } from '../../ui/tabs';
import { BurnRow } from './earn-parts';
import './earn.css';

type Tab = 'all' | 'releasing' | 'complete';

/** Burn records (/node4): releasing and complete orders, released and remaining. */
export default function BurnRecordsScreen(): ReactNode {
  const { t } = useTranslation('earn');
  const { token } = useSession();
  const [tab, setTab] = useState<Tab>('all');
  if (!token) return <SignInPrompt title={t('earn.signInTitle')} body={t('earn.signInBody')} />;
  return (
    <div className="page page--flush">
      <Tabs
        className="tabs-bar"
        size="m"
        value={tab}
        onChange={setTab}
        items={[
          { key: 'all', label: t('earn.all') },
          { key: 'releasing', label: t('earn.burnStatus.releasing') },
          { key: 'complete', label: t('earn.burnStatus.complete') },
        ]}
      />
      <PagedList
        key={tab}
        path="/api/destroy/destroyList"
        filters={tab === 'all' ? {} : { status: tab }}
        itemKey={(o) => o.id}
        emptyTitle={t('earn.noBurns')}
        renderItem={(o) => <BurnRow o={o} />}
      />
    </div>
  );
}
