import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from '../i18n';
import type { Music } from './music-engine';

const KEY = 'music';

/** The top bar's music switch on node and miner screens: off until tapped, the choice remembered. */
export function MusicToggle(): ReactNode {
  const { t } = useTranslation();
  const [on, setOn] = useState(() => localStorage.getItem(KEY) === 'on');
  useEffect(() => {
    if (!on) return undefined;
    let music: Music | null = null;
    let gone = false;
    void import('./music-engine').then((m) => {
      if (!gone) music = m.startMusic();
    });
    return () => {
      gone = true;
      music?.stop();
    };
  }, [on]);
  const toggle = () => {
    const next = !on;
    localStorage.setItem(KEY, next ? 'on' : 'off');
    setOn(next);
  };
  return (
    <button
      type="button"
      className={on ? 'top-bar__icon top-bar__music top-bar__music--on' : 'top-bar__icon top-bar__music'}
      onClick={toggle}
      aria-pressed={on}
      aria-label={t('topBar.music')}
      data-testid="music-toggle"
    >
      <svg
        viewBox="0 0 24 24"
        width="22"
        height="22"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      >
        <path d="M9 18V5l11-2v13" />
        <circle cx="6" cy="18" r="3" />
        <circle cx="17" cy="16" r="3" />
        {on ? null : <path d="M3 3l18 18" />}
      </svg>
    </button>
  );
}
