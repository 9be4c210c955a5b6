/**
 * A pushed notice's title and text in its device's language, in the words of its email (`email-words.ts`,
 * the app's own notice texts): placeholders filled from the notice's params, a card event and a security
 * change named in that language, a missing param read as "–".
 */
import { LANGS, type Lang, type Notice } from '@nexa/contract';
import { EMAIL_WORDS as TEXTS } from './email-words';

const asLang = (lang: string): Lang => ((LANGS as readonly string[]).includes(lang) ? (lang as Lang) : 'en');

export function pushText(notice: Notice, lang: string): { title: string; body: string } {
  const t = TEXTS[asLang(lang)];
  const kind = t.kinds[notice.kind];
  const params: Record<string, string> = { ...notice.params };
  if (notice.kind === 'card_activity' && params.event)
    params.event = t.cardEvents[params.event] ?? params.event;
  if (notice.kind === 'security_changed' && params.change)
    params.change = t.securityChanges[params.change] ?? params.change;
  const fill = (text: string) =>
    text.replace(/\{\{(\w+)\}\}/g, (_m, key: string) => {
      const v = params[key];
      return v === undefined || v === '' ? '–' : v;
    });
  return { title: fill(kind.title), body: fill(kind.body) };
}
