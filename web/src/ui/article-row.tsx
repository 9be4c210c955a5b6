import { formatDate } from '@nexa/contract';
import type { ReactNode } from 'react';
import { apiAddress } from '../api/address';
import type { Article } from './article-sheet';
import './article-row.css';

/** A news item or announcement in a list: title, summary, date, optional thumbnail. */
export function ArticleRow({
  article,
  onOpen,
}: {
  readonly article: Article;
  readonly onOpen: (a: Article) => void;
}): ReactNode {
  return (
    <button type="button" className="article-row" onClick={() => onOpen(article)}>
      <span className="article-row__text">
        <span className="article-row__title">{article.title}</span>
        {article.summary ? <span className="article-row__summary">{article.summary}</span> : null}
        <span className="article-row__date num">{formatDate(article.published_at)}</span>
      </span>
      {article.image ? (
        <img className="article-row__thumb" src={apiAddress(article.image)} alt="" loading="lazy" />
      ) : null}
    </button>
  );
}
