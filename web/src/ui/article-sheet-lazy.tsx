import { lazy, type ReactNode, Suspense, useState } from 'react';
import type { Article } from './article-sheet';

const ArticleSheet = lazy(() => import('./article-sheet').then((m) => ({ default: m.ArticleSheet })));

/** The article sheet, loaded with the first article opened (it brings the popup's animation library). */
export function LazyArticleSheet({
  article,
  onClose,
}: {
  readonly article: Article | null;
  readonly onClose: () => void;
}): ReactNode {
  const [wanted, setWanted] = useState(false);
  if (article && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ArticleSheet article={article} onClose={onClose} />
    </Suspense>
  );
}
