import 'i18next';
import type en from './locales/en.json';

/** Keys typed from en.json: `t('wrong.key')` does not compile. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
