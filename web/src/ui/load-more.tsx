import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from '../i18n';

interface LoadMoreProps {
  readonly hasMore: boolean;
  readonly loading: boolean;
  readonly failed: boolean;
  readonly onLoad: () => void;
}

/** The foot of a list: asks for the next page when it comes within reach of the viewport. */
export function LoadMore({ hasMore, loading, failed, onLoad }: LoadMoreProps): ReactNode {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const onLoadRef = useRef(onLoad);
  onLoadRef.current = onLoad;

  useEffect(() => {
    const el = ref.current;
    if (!el || !hasMore || loading || failed) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) onLoadRef.current();
      },
      { rootMargin: '0px 0px 300px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasMore, loading, failed]);

  return (
    <div className="load-more" ref={ref}>
      {!hasMore ? (
        <span>{t('common.noMore')}</span>
      ) : failed ? (
        <button type="button" className="load-more__retry" onClick={onLoad}>
          {t('common.errorTitle')} · {t('common.retry')}
        </button>
      ) : (
        <span className="spinning">{t('common.loadingMore')}</span>
      )}
    </div>
  );
}
