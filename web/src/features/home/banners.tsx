import { Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { apiAddress } from '../../api/address';
import { NO_BODY, useApiQuery } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { Carousel } from '../../ui/carousel';
import { InlineError } from '../../ui/states';

/**
 * The first banner as the server wrote it into the page (`window.__NEXA_BANNER__`): its address and, for a
 * small picture, the picture itself, which the page's frame already shows; the carousel shows the same bytes
 * so nothing is fetched again or flickers.
 */
function pageBanner(): { readonly src: string; readonly inline: string } | null {
  const b = (globalThis as { __NEXA_BANNER__?: unknown }).__NEXA_BANNER__;
  if (typeof b !== 'object' || b === null) return null;
  const { src, inline } = b as Record<string, unknown>;
  return typeof src === 'string' && typeof inline === 'string' && inline.startsWith('data:image/svg+xml;')
    ? { src, inline }
    : null;
}
const PAGE_BANNER = pageBanner();

/** Home banners from the server; images are served by the server under /static. */
export function Banners(): ReactNode {
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  const { data, isPending, isError, refetch } = useApiQuery('/api/basic/banner', NO_BODY);
  if (isError && !data) {
    return (
      <div className="banners">
        <InlineError className="banners__error" onRetry={() => void refetch()} />
      </div>
    );
  }
  if (isPending) {
    return (
      <div className="banners">
        <Skeleton animated className="banners__skeleton" />
      </div>
    );
  }
  if (!data || data.length === 0) return null;

  const follow = (link: string | null) => {
    if (!link) return;
    if (link.startsWith('/')) navigate(link);
    else if (/^https:\/\//.test(link)) window.open(link, '_blank', 'noopener');
  };

  return (
    <div className="banners">
      <Carousel
        label={t('home.banners')}
        items={data}
        itemKey={(b) => b.id}
        render={(b) => (
          <button type="button" className="banners__item" onClick={() => follow(b.link)} aria-label={b.title}>
            <img
              className="banners__img"
              src={b.image === PAGE_BANNER?.src ? PAGE_BANNER.inline : apiAddress(b.image)}
              alt=""
              draggable={false}
            />
            <span className="banners__caption">{b.title}</span>
          </button>
        )}
      />
    </div>
  );
}
