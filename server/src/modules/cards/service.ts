/**
 * Identity verification and payment cards.
 *
 * Verification: the form and three images (uploaded through signed links), one approved per user, one pending
 * at a time; operators approve or reject with a reason; a rejected one is corrected and sent again.
 *
 * Cards: any card needs an approved verification. A virtual card is issued at once for its fee; a physical one
 * needs a shipping address, is `applying` until shipped and `shipped` until activated with its letter's code.
 * The card account (USDT, kind `card`) is the balance every card of the user spends from: top-ups arrive from
 * the spot account less the fee; spending arrives from the issuer's signed webhooks, each applied once by its
 * event id: an authorisation holds, a settlement takes what was held (and lets the rest go), a reversal lets a
 * hold go, a refund gives back at most what was settled. Events out of order leave the same balances: a
 * settlement or reversal that arrives first records the authorisation's end, and the late authorisation then
 * changes nothing. Settled money goes to `system:cards:issuer` (what we owe the issuer); refunds come back
 * from it.
 *
 * This file assembles the module's context once and hands it to the operations, one file each: `kyc.ts`
 * (the user's verifications) and `kyc-review.ts` (operators), `addresses.ts`, `open-card.ts` (new cards and
 * replacements), `card-life.ts` (ship, activate, reveal, PIN), `card-view.ts`, `queries.ts`, `recharge.ts`,
 * `spends.ts`, `apply-event.ts` (the issuer's events) and `webhook.ts`, `demo.ts` (the demo's sweep) and
 * `start.ts`; `uploads.ts` keeps the uploaded files, `math.ts` the amounts and `pools.ts` the system accounts.
 */
import { hkdfSync } from 'node:crypto';
import { join } from 'node:path';
import { localBlobStore, s3BlobStore } from '../../kernel/blobs';
import { MemoryRateLimiter } from '../../kernel/rate-limit';
import { addAddress, addressDetail, addressList, editAddress } from './addresses';
import { applyEvent } from './apply-event';
import { activate, reveal, ship, updatePin } from './card-life';
import { bins } from './card-view';
import type { CardsCtx, CardsDeps } from './context';
import { sweep } from './demo';
import { createSimulatedIssuer } from './issuer';
import { addKyc, editKyc, kycDetail, kycList, nations, showRealName } from './kyc';
import { adminKycList, pendingKyc, review } from './kyc-review';
import { openPhysical, openVirtual, replace } from './open-card';
import { adminUserCards, cardDetail, cardList, info } from './queries';
import { recharge, rechargeList } from './recharge';
import { CARDS_SETTINGS } from './settings';
import { consumeList } from './spends';
import { start } from './start';
import { createUploads } from './uploads';
import { deliver, simulatePurchase, webhook } from './webhook';

export type { CardsDeps } from './context';
export { topupFee } from './math';
export { CARDS_SYSTEM } from './pools';

const derive = (key: Uint8Array, info: string) =>
  new Uint8Array(hkdfSync('sha256', key, new Uint8Array(0), info, 32));

export function createCards(deps: CardsDeps) {
  const { store, clock, config } = deps;
  const settings = deps.settings.of(CARDS_SETTINGS);
  const issuer =
    deps.issuer ??
    createSimulatedIssuer({
      store,
      clock,
      key: derive(config.operatorKey, 'card-issuer-sim'),
      secret: derive(config.operatorKey, 'card-issuer-webhook'),
    });
  const files = createUploads({
    store,
    clock,
    blobs:
      deps.blobs ??
      (config.s3
        ? s3BlobStore({ ...config.s3, prefix: 'uploads' })
        : localBlobStore(join(config.dataDir, 'uploads'))),
    sealKey: derive(config.operatorKey, 'uploads'),
    linkKey: derive(config.operatorKey, 'upload-links'),
    terms: async () => ({
      maxBytes: await settings.get('uploads.max_bytes'),
      maxPixels: await settings.get('uploads.max_pixels'),
      ttlS: await settings.get('uploads.link_ttl_s'),
      perHour: await settings.get('uploads.per_hour'),
      decodeTimeoutS: await settings.get('uploads.decode_timeout_s'),
      decodeConcurrency: await settings.get('uploads.decode_concurrency'),
    }),
  });
  const ctx: CardsCtx = {
    store,
    clock,
    config,
    ledger: deps.ledger,
    outbox: deps.outbox,
    settings,
    docKey: derive(config.operatorKey, 'kyc-documents'),
    issuer,
    files,
    limiter: new MemoryRateLimiter(),
    reauthenticate: deps.reauthenticate,
  };
  /** An operation with the module's context bound: the same call the handlers and the app make. */
  const op =
    <A extends unknown[], R>(fn: (c: CardsCtx, ...args: A) => R) =>
    (...args: A): R =>
      fn(ctx, ...args);

  return {
    issuer,
    files,
    nations: op(nations),
    showRealName: op(showRealName),
    addKyc: op(addKyc),
    editKyc: op(editKyc),
    kycList: op(kycList),
    kycDetail: op(kycDetail),
    adminKycList: op(adminKycList),
    review: op(review),
    addAddress: op(addAddress),
    editAddress: op(editAddress),
    addressList: op(addressList),
    addressDetail: op(addressDetail),
    bins: async () => ({ list: await bins(ctx) }),
    info: op(info),
    openVirtual: op(openVirtual),
    openPhysical: op(openPhysical),
    activate: op(activate),
    cardList: op(cardList),
    cardDetail: op(cardDetail),
    adminUserCards: op(adminUserCards),
    pendingKyc: op(pendingKyc),
    reveal: op(reveal),
    updatePin: op(updatePin),
    replace: op(replace),
    ship: op(ship),
    recharge: op(recharge),
    rechargeList: op(rechargeList),
    consumeList: op(consumeList),
    applyEvent: op(applyEvent),
    webhook: op(webhook),
    deliver: op(deliver),
    simulatePurchase: op(simulatePurchase),
    sweep: op(sweep),
    start: op(start),
    settings,
  };
}

export type Cards = ReturnType<typeof createCards>;
