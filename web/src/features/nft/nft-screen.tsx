import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { routePath } from '../../paths';
import { useSession } from '../../session';
import { PagedList } from '../../ui/paged-list';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { Tabs } from '../../ui/tabs';
import { NftCard } from './nft-parts';
import './nft.css';

type Tab = 'all' | 'held' | 'staked';

/** My NFTs (/nft): a grid of cards, held or staked, with the ways to cast, stake and provide liquidity. */
export default function NftScreen(): ReactNode {
  const { t } = useTranslation('nft');
  const { token } = useSession();
  const [tab, setTab] = useState<Tab>('all');
  if (!token) return <SignInPrompt title={t('nft.signInTitle')} body={t('nft.signInBody')} />;
  return (
    <div className="page nft page--flush nft--records">
      <nav className="nft-links">
        <Link to={routePath('nft3')} data-testid="go-cast">
          {t('nft.cast')}
        </Link>
        <Link to={routePath('nft1')}>{t('nft.pools')}</Link>
        <Link to={routePath('nft4')}>{t('nft.liquidity')}</Link>
        <Link to={routePath('nft5')}>{t('nft.orders')}</Link>
      </nav>
      <Tabs
        className="tabs-bar"
        size="m"
        value={tab}
        onChange={setTab}
        items={[
          { key: 'all', label: t('nft.all') },
          { key: 'held', label: t('nft.status.held') },
          { key: 'staked', label: t('nft.status.staked') },
        ]}
      />
      <PagedList
        key={tab}
        className="nft-grid"
        path="/api/assets/nftRecord"
        filters={tab === 'all' ? {} : { status: tab }}
        itemKey={(n) => n.id}
        emptyTitle={t('nft.noNfts')}
        emptyBody={t('nft.noNftsBody')}
        renderItem={(n) => <NftCard n={n} />}
      />
    </div>
  );
}
