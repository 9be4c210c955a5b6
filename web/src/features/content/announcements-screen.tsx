import { type ReactNode, useState } from 'react';
import { ArticleRow } from '../../ui/article-row';
import type { Article } from '../../ui/article-sheet';
import { LazyArticleSheet } from '../../ui/article-sheet-lazy';
import { PagedList } from '../../ui/paged-list';
import './content.css';

const NO_FILTERS = {};

/** The bulletin as a paged list; a tap shows the whole announcement in a sheet. */
export default function AnnouncementsScreen(): ReactNode {
  const [open, setOpen] = useState<Article | null>(null);
  return (
    <div className="content-list">
      <PagedList
        path="/api/basic/bulletin"
        filters={NO_FILTERS}
        itemKey={(a) => a.id}
        renderItem={(a) => <ArticleRow article={a} onOpen={setOpen} />}
      />
      <LazyArticleSheet article={open} onClose={() => setOpen(null)} />
    </div>
  );
}
