import 'i18next';
import type { FeatureMessages } from './index';
import type en from './locales/en.json';

/**
 * Keys typed from the English dictionaries: `t('wrong.key')` does not compile. The shell's words are
 * the fallback of every feature's namespace.
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    fallbackNS: 'translation';
    resources: FeatureMessages & { translation: typeof en };
  }
}
