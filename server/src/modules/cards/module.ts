import { CARDS_CAUSES, causeNames } from '@nexa/contract';
import { defineEntry, defineModule, type ModuleOwnership } from '../../kernel/module';
import { CARDS_SYSTEM, type CardsDeps, createCards } from './service';
import { CARDS_SETTINGS } from './settings';

export const CARDS_OWNS: ModuleOwnership = {
  causes: causeNames(CARDS_CAUSES),
  systemAccounts: [CARDS_SYSTEM.fees, CARDS_SYSTEM.issuer],
  publishes: [],
};

/** Identity verification, uploads, and payment cards on an issuer (the simulated one by default). */
function buildCards(deps: CardsDeps) {
  const cards = createCards(deps);
  return {
    api: cards,
    module: defineModule({
      domains: ['cards'],
      handlers: {
        '/api/digitalAssets/nationList': () => cards.nations(),
        '/api/digitalAssets/showRealName': (ctx) => cards.showRealName(ctx.me().id),
        '/api/digitalAssets/realNameCert': (ctx) => cards.addKyc(ctx.me().id, ctx.body),
        '/api/visa/uploadImg': (ctx) => cards.files.begin(ctx.me().id, ctx.body),
        '/api/visa/kycList': (ctx) => cards.kycList(ctx.me().id, ctx.body),
        '/api/visa/kycDetail': (ctx) => cards.kycDetail(ctx.me().id, ctx.body.id),
        '/api/visa/addKyc': (ctx) => cards.addKyc(ctx.me().id, ctx.body),
        '/api/visa/editKyc': (ctx) => cards.editKyc(ctx.me().id, ctx.body),
        '/api/visa/addAddress': (ctx) => cards.addAddress(ctx.me().id, ctx.body),
        '/api/visa/editAddress': (ctx) => cards.editAddress(ctx.me().id, ctx.body),
        '/api/visa/addressList': (ctx) => cards.addressList(ctx.me().id, ctx.body),
        '/api/visa/addressDetail': (ctx) => cards.addressDetail(ctx.me().id, ctx.body.id),
        '/api/visa/getVirtualCardBin': () => cards.bins(),
        '/api/visa/info': (ctx) => cards.info(ctx.me().id),
        '/api/visa/openVirtualCard': (ctx) => cards.openVirtual(ctx.me().id, ctx.body),
        '/api/visa/openRealCard': (ctx) => cards.openPhysical(ctx.me().id, ctx.body),
        '/api/visa/active': (ctx) => cards.activate(ctx.me().id, ctx.body),
        '/api/visa/myCardList': (ctx) => cards.cardList(ctx.me().id, ctx.body),
        '/api/visa/applyCardList': (ctx) => cards.cardList(ctx.me().id, ctx.body),
        '/api/visa/cardDetail': (ctx) => cards.cardDetail(ctx.me().id, ctx.body.card_id),
        '/v1/visa/reveal': (ctx) => cards.reveal(ctx.me().id, ctx.body),
        '/api/visa/updatePin': (ctx) => cards.updatePin(ctx.me().id, ctx.body),
        '/api/visa/replaceApply': (ctx) => cards.replace(ctx.me().id, ctx.body),
        '/api/visa/recharge': (ctx) => cards.recharge(ctx.me().id, ctx.body),
        '/api/visa/rechargeList': (ctx) => cards.rechargeList(ctx.me().id, ctx.body),
        '/api/visa/consumeList': (ctx) => cards.consumeList(ctx.me().id, ctx.body),
        '/v1/visa/simulatePurchase': (ctx) => cards.simulatePurchase(ctx.me().id, ctx.body),
        '/admin/kyc/list': (ctx) => cards.adminKycList(ctx.body, ctx.op().id),
        '/admin/kyc/review': (ctx) => cards.review(ctx.op().id, ctx.body),
        '/admin/cards/ship': (ctx) => cards.ship(ctx.op().id, ctx.body),
        '/admin/cards/userCards': (ctx) => cards.adminUserCards(ctx.body.user_id, ctx.body),
      },
      // Identity verifications waiting for review.
      dashboard: async () => ({ queues: [{ key: 'kyc', ...(await cards.pendingKyc()) }] }),
      routes: [
        ...cards.files.routes,
        {
          method: 'POST',
          url: '/webhooks/card-issuer',
          bodyLimit: 64 * 1024,
          handle: (req) => cards.webhook(req),
        },
      ],
      start: () => cards.start(),
      // The demo's simulated issuer ships physical cards and the demo approves verifications after a while.
      sweep: () => cards.sweep(),
    }),
  };
}

export const cardsModule = defineEntry({
  name: 'cards',
  settings: CARDS_SETTINGS,
  owns: CARDS_OWNS,
  build: buildCards,
});
