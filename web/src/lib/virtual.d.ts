declare module 'virtual:nexa-cause-labels' {
  import type { Localized } from '@nexa/contract';

  /** Every cause the ledger records, named in every language (scripts/vite-plugins.ts, causeLabels). */
  const labels: Readonly<Record<string, Localized>>;
  export default labels;
}
