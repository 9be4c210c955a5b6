/** The seven languages of the product. `en` is the default. */
export const LANGS = ['en', 'zh', 'ko', 'th', 'vi', 'ja', 'de'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'en';

/** Values of the `lang` request header (spec section 7); anything else means English. */
const HEADER_TO_LANG: Readonly<Record<string, Lang>> = {
  zh_CN: 'zh',
  korean: 'ko',
  thai: 'th',
  vietnam: 'vi',
  japanese: 'ja',
  german: 'de',
};

const LANG_TO_HEADER: Readonly<Record<Lang, string>> = {
  en: 'en',
  zh: 'zh_CN',
  ko: 'korean',
  th: 'thai',
  vi: 'vietnam',
  ja: 'japanese',
  de: 'german',
};

export const LANG_HEADER = 'lang';

export function langFromHeader(value: string | undefined | null): Lang {
  if (!value) return DEFAULT_LANG;
  return HEADER_TO_LANG[value] ?? DEFAULT_LANG;
}

export function headerForLang(lang: Lang): string {
  return LANG_TO_HEADER[lang];
}

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

export type Localized = Readonly<Record<Lang, string>>;
