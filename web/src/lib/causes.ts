import labels from 'virtual:nexa-cause-labels';
import type { Lang } from '@nexa/contract';

/** The name of a record's cause in a language; one the app does not know shows as written. */
export function causeLabel(cause: string, lang: Lang): string {
  return labels[cause]?.[lang] ?? cause;
}
