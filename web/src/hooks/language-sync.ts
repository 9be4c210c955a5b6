import { useEffect, useRef } from 'react';
import { NO_BODY, useApiMutation, useApiQuery } from '../api/hooks';
import { useLang } from '../i18n';
import { useSession } from '../session';

/**
 * Keeps the server's idea of the user's language (the one their emails and pushes are written in) the app's:
 * signed in, it is told whenever the two differ — a language chosen in the app, one chosen before signing in,
 * or another device last used in another. Each language is told once per app start, so a refused call is not
 * repeated in a loop.
 */
export function LanguageSync(): null {
  const { token } = useSession();
  const lang = useLang();
  const { data } = useApiQuery('/api/notice/settings', NO_BODY, {
    enabled: Boolean(token),
    anyLanguage: true,
  });
  const tell = useApiMutation('/api/notice/setLanguage', { refreshes: ['/api/notice/settings'] });
  const told = useRef(new Set<string>());
  const known = data?.lang;
  const { mutate } = tell;
  useEffect(() => {
    const key = `${token}:${lang}`;
    if (!token || !known || known === lang || told.current.has(key)) return;
    told.current.add(key);
    mutate({ lang });
  }, [token, known, lang, mutate]);
  return null;
}
