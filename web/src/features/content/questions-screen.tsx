import { type ReactNode, useId, useState } from 'react';
import type { PagedItem } from '../../api/paging';
import { useTranslation } from '../../i18n';
import { IconRight } from '../../ui/icons';
import { PagedList } from '../../ui/paged-list';
import './content.css';

const NO_FILTERS = {};

type Question = PagedItem<'/api/basic/question'>;

/** One question; tapping it opens or closes its answer. */
function QuestionItem({ item }: { readonly item: Question }): ReactNode {
  const [open, setOpen] = useState(false);
  const answerId = useId();
  return (
    <div className={open ? 'qa-item qa-item--open' : 'qa-item'}>
      <button
        type="button"
        className="qa-item__q"
        aria-expanded={open}
        aria-controls={answerId}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="qa-item__text">{item.question}</span>
        <IconRight className="qa-item__chevron" />
      </button>
      <div className="qa-item__panel" id={answerId} hidden={!open}>
        <p className="qa-item__a">{item.answer}</p>
      </div>
    </div>
  );
}

/** Questions as a paged list; each opens to show its answer. */
export default function QuestionsScreen(): ReactNode {
  const { t } = useTranslation('content');
  return (
    <div className="content-list">
      <p className="content-list__hint">{t('qa.hint')}</p>
      <PagedList
        path="/api/basic/question"
        filters={NO_FILTERS}
        itemKey={(q) => q.id}
        renderItem={(q) => <QuestionItem item={q} />}
      />
    </div>
  );
}
