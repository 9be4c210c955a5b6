import { formatDate } from '@nexa/contract';
import { Popup } from 'antd-mobile';
import type { ReactNode } from 'react';
import { apiAddress } from '../api/address';
import type { PagedItem } from '../api/paging';
import { useTranslation } from '../i18n';
import './article-sheet.css';
import { IconClose } from './icons';

export type Article = PagedItem<'/api/basic/news'>;

interface ArticleSheetProps {
  readonly article: Article | null;
  readonly onClose: () => void;
}

/** One news item or announcement in a bottom sheet. Text only: content is never parsed as HTML. */
export function ArticleSheet({ article, onClose }: ArticleSheetProps): ReactNode {
  const { t } = useTranslation();
  return (
    <Popup
      visible={article !== null}
      onMaskClick={onClose}
      onClose={onClose}
      position="bottom"
      bodyClassName="sheet"
      destroyOnClose
    >
      {article ? (
        <article className="article-sheet__inner">
          <div className="article-sheet__grip" aria-hidden="true" />
          <header className="article-sheet__head">
            <h2 className="article-sheet__title">{article.title}</h2>
            <button
              type="button"
              className="round-btn sheet__close article-sheet__close"
              onClick={onClose}
              aria-label={t('common.close')}
            >
              <IconClose />
            </button>
          </header>
          <p className="article-sheet__date num">
            {t('articles.published', { date: formatDate(article.published_at) })}
          </p>
          {article.image ? (
            <img className="article-sheet__image" src={apiAddress(article.image)} alt="" />
          ) : null}
          <div className="article-sheet__content">{article.content}</div>
        </article>
      ) : null}
    </Popup>
  );
}
