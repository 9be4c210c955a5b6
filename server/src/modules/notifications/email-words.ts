/**
 * The emails of notices, in the seven languages: each kind's subject and body (the same words as the app's
 * notice, its placeholders filled from the notice's params), the anti-phishing line that heads every email,
 * the names of a card's events and of security changes, and the footer.
 */
import type { Lang } from '@nexa/contract';
import { WORDS as de } from './email-words/de';
import { WORDS as en } from './email-words/en';
import { WORDS as ja } from './email-words/ja';
import { WORDS as ko } from './email-words/ko';
import { WORDS as th } from './email-words/th';
import { WORDS as vi } from './email-words/vi';
import type { EmailWords } from './email-words/words';
import { WORDS as zh } from './email-words/zh';

export type { EmailWords } from './email-words/words';

/** One file per language under `email-words/`. */
export const EMAIL_WORDS: Readonly<Record<Lang, EmailWords>> = { en, zh, ko, th, vi, ja, de };

/** A text with its `{{name}}` placeholders filled (a missing one left empty). */
export function fill(text: string, params: Readonly<Record<string, string>>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => params[k] ?? '');
}

/** The line every email to a user with an anti-phishing code starts with. */
export function phishingLine(lang: Lang, code: string): string {
  return fill(EMAIL_WORDS[lang].phishing, { code });
}
