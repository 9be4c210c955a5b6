/*
 * What a pushed message holds (the server's push-send.ts writes it): the notice's title and text in the
 * user's language, its id and where it opens. Anything else shows a plain notice that opens the list.
 */

export interface PushDisplay {
  readonly title: string;
  readonly body: string;
  readonly tag: string;
  readonly url: string;
}

const FALLBACK: PushDisplay = { title: 'NEXA', body: '', tag: 'nexa', url: '/notices' };

/** Only the app's own screens are opened from a notice (never another site). */
export function noticeUrl(url: unknown): string {
  return typeof url === 'string' && /^\/(?!\/)[\w\-/?=&.%]*$/.test(url) ? url : '/notices';
}

export function pushDisplay(text: string | null): PushDisplay {
  if (!text) return FALLBACK;
  try {
    const data = JSON.parse(text) as Record<string, unknown>;
    const title = typeof data.title === 'string' && data.title ? data.title.slice(0, 120) : FALLBACK.title;
    const body = typeof data.body === 'string' ? data.body.slice(0, 500) : '';
    const id = typeof data.id === 'string' || typeof data.id === 'number' ? String(data.id) : null;
    return { title, body, tag: id ? `notice-${id}` : FALLBACK.tag, url: noticeUrl(data.url) };
  } catch {
    return FALLBACK;
  }
}
