import { type ReactNode, type TouchEvent, useRef, useState } from 'react';
import { useTranslation } from '../i18n';
import './pull-to-refresh.css';

type Phase = 'idle' | 'pulling' | 'ready' | 'refreshing' | 'done';

const TRIGGER_PX = 64;
const MAX_PX = 112;
const HOLD_PX = 48;
const DONE_MS = 500;

/**
 * Pull down at the top of the page to refresh. Touch only, page (window) scroll, no animation library:
 * the first load stays small.
 */
export function PullToRefresh({
  onRefresh,
  children,
}: {
  readonly onRefresh: () => Promise<unknown>;
  readonly children: ReactNode;
}): ReactNode {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>('idle');
  const [offset, setOffset] = useState(0);
  const startY = useRef<number | null>(null);

  const onTouchStart = (e: TouchEvent) => {
    if (phase !== 'idle' || window.scrollY > 0) return;
    startY.current = e.touches[0]?.clientY ?? null;
  };
  const onTouchMove = (e: TouchEvent) => {
    if (startY.current === null) return;
    const dy = (e.touches[0]?.clientY ?? 0) - startY.current;
    if (dy <= 0 || window.scrollY > 0) {
      setOffset(0);
      setPhase('idle');
      return;
    }
    // Resistance: the content follows the finger at half speed, up to a limit.
    const next = Math.min(dy * 0.5, MAX_PX);
    setOffset(next);
    setPhase(next >= TRIGGER_PX ? 'ready' : 'pulling');
  };
  const onTouchEnd = async () => {
    startY.current = null;
    if (phase !== 'ready') {
      setOffset(0);
      setPhase('idle');
      return;
    }
    setPhase('refreshing');
    setOffset(HOLD_PX);
    try {
      await onRefresh();
    } finally {
      setPhase('done');
      setTimeout(() => {
        setOffset(0);
        setPhase('idle');
      }, DONE_MS);
    }
  };

  const label =
    phase === 'ready'
      ? t('common.releaseToRefresh')
      : phase === 'refreshing'
        ? t('common.refreshing')
        : phase === 'done'
          ? t('common.refreshed')
          : t('common.pullToRefresh');
  const dragging = phase === 'pulling' || phase === 'ready';

  return (
    <div
      className="ptr"
      onTouchStart={onTouchStart}
      onTouchMove={onTouchMove}
      onTouchEnd={() => void onTouchEnd()}
      onTouchCancel={() => void onTouchEnd()}
    >
      <div
        className={dragging ? 'ptr__track' : 'ptr__track ptr__track--settle'}
        style={offset ? { transform: `translateY(${offset}px)` } : undefined}
      >
        <div className="ptr__head" aria-live="polite">
          {phase === 'idle' ? null : (
            <span className={phase === 'refreshing' ? 'ptr__label ptr__label--spin' : 'ptr__label'}>
              {label}
            </span>
          )}
        </div>
        {children}
      </div>
    </div>
  );
}
