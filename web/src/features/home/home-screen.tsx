import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../i18n';
import { ArticleRow } from '../../ui/article-row';
import type { Article } from '../../ui/article-sheet';
import { LazyArticleSheet } from '../../ui/article-sheet-lazy';
import { PagedList } from '../../ui/paged-list';
import { PullToRefresh } from '../../ui/pull-to-refresh';
import { BalanceCard } from './balance-card';
import { Banners } from './banners';
import { BulletinTicker } from './bulletin-ticker';
import './home.css';
import { MarketsBlock } from './markets-block';
import { QuickEntries } from './quick-entries';

const NO_FILTERS = {};

export default function HomeScreen(): ReactNode {
  const { t } = useTranslation('home');
  const [open, setOpen] = useState<Article | null>(null);
  const queryClient = useQueryClient();
  return (
    <>
      <PullToRefresh onRefresh={() => queryClient.refetchQueries({ queryKey: ['api'], type: 'active' })}>
        <div className="home">
          <BalanceCard />
          <Banners />
          <BulletinTicker />
          <QuickEntries />
          <MarketsBlock />
          <section className="home__news">
            <div className="section__head home__news-head">
              <h2 className="section__title">{t('home.news')}</h2>
            </div>
            <PagedList
              path="/api/basic/news"
              filters={NO_FILTERS}
              pullToRefresh={false}
              skeletonRows={3}
              itemKey={(a) => a.id}
              renderItem={(a) => <ArticleRow article={a} onOpen={setOpen} />}
            />
          </section>
        </div>
      </PullToRefresh>
      <LazyArticleSheet article={open} onClose={() => setOpen(null)} />
    </>
  );
}
