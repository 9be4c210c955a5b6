import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useApiQuery } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { routePath } from '../../paths';
import { IconRight, IconSpeaker } from '../../ui/icons';
import { InlineError } from '../../ui/states';

const LATEST = { page: 1, size: 5 };
const ROTATE_MS = 4000;

/** The newest announcements, one at a time; a tap opens the announcements screen. */
export function BulletinTicker(): ReactNode {
  const { t } = useTranslation('home');
  const { data, isError, refetch } = useApiQuery('/api/basic/bulletin', LATEST);
  const items = data?.list ?? [];
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (items.length < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % items.length), ROTATE_MS);
    return () => clearInterval(timer);
  }, [items.length]);
  if (isError && !data) return <InlineError className="ticker__error" onRetry={() => void refetch()} />;
  if (items.length === 0) return null;
  const current = items[index % items.length];
  return (
    <Link to={routePath('me3')} className="ticker" aria-label={t('home.bulletin')}>
      <IconSpeaker className="ticker__icon" />
      <span className="ticker__window">
        <span key={current?.id} className="ticker__text">
          {current?.title}
        </span>
      </span>
      <IconRight className="ticker__more" />
    </Link>
  );
}
