import { LANGS, type Lang } from '@nexa/contract';
import type { ReactNode } from 'react';
import { LANG_NATIVE_NAMES, LANG_TAGS, setLang, useLang, useTranslation } from '../../i18n';
import { IconCheck } from '../../ui/icons';
import './language.css';

/** The seven languages; a choice is stored under `lang` and applies at once. */
export default function LanguageScreen(): ReactNode {
  const { t } = useTranslation('account');
  const current = useLang();
  // Notice emails and pushes follow the app's language (the app tells the server: hooks/language-sync.ts).
  const choose = (lang: Lang) => {
    if (lang !== current) void setLang(lang);
  };
  return (
    <div className="language">
      <p className="language__hint">{t('language.hint')}</p>
      <fieldset className="language__list card">
        <legend className="visually-hidden">{t('screens.me1')}</legend>
        {LANGS.map((lang) => (
          <label
            key={lang}
            lang={LANG_TAGS[lang]}
            className={lang === current ? 'language__item language__item--on' : 'language__item'}
          >
            <input
              type="radio"
              name="lang"
              className="visually-hidden"
              checked={lang === current}
              onChange={() => choose(lang)}
            />
            <span className="language__name">{LANG_NATIVE_NAMES[lang]}</span>
            {lang === current ? <IconCheck className="language__check" /> : null}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
