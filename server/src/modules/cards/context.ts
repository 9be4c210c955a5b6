/**
 * What every cards operation is handed: the module's dependencies, its settings, the key that seals
 * document numbers, the card issuer, the uploads and the PIN changes' rate limiter. Built once by
 * `createCards`.
 */
import type { ResponseData } from '@nexa/contract';
import type { BlobStore } from '../../kernel/blobs';
import type { AppDeps } from '../../kernel/context';
import type { MemoryRateLimiter } from '../../kernel/rate-limit';
import type { Settings } from '../../kernel/settings';
import type { Ledger } from '../../ledger';
import type { CardIssuer } from './issuer';
import type { CARDS_SETTINGS } from './settings';
import type { cardAddresses, cardRecharges, cardSpends, cards, kycSubmissions } from './tables';
import type { Uploads } from './uploads';

export interface CardsDeps extends AppDeps {
  readonly ledger: Ledger;
  /** Proves again that the signed-in user holds their wallet (a fresh sign-in message). */
  readonly reauthenticate: (
    userId: number,
    input: { message: string; sign_message: string },
  ) => Promise<void>;
  readonly issuer?: CardIssuer;
  readonly blobs?: BlobStore;
}

export type KycRow = typeof kycSubmissions.$inferSelect;
export type CardRow = typeof cards.$inferSelect;
export type SpendRow = typeof cardSpends.$inferSelect;
export type AddressRow = typeof cardAddresses.$inferSelect;
export type RechargeRow = typeof cardRecharges.$inferSelect;
export type KycView = ResponseData<'/api/visa/kycDetail'>;
export type CardView =
  ResponseData<'/api/visa/cardDetail'> extends infer T ? Omit<T, 'balance' | 'held'> : never;

export type KycInput = {
  country: string;
  doc_type: KycView['doc_type'];
  doc_number: string;
  surname: string;
  given_name: string;
  birth_date: string;
  front_upload: string;
  back_upload: string;
  selfie_upload: string;
};

export type AddressInput = {
  name: string;
  phone: string;
  country: string;
  city: string;
  line1: string;
  line2: string;
  postcode: string;
};

export interface CardsCtx {
  readonly store: CardsDeps['store'];
  readonly clock: CardsDeps['clock'];
  readonly config: CardsDeps['config'];
  readonly ledger: Ledger;
  /** Notices to the user (a verification decided, a card shipped or used), in the change's transaction. */
  readonly outbox: CardsDeps['outbox'];
  readonly settings: Settings<typeof CARDS_SETTINGS>;
  /** Seals the verifications' document numbers. */
  readonly docKey: Uint8Array;
  readonly issuer: CardIssuer;
  /** The uploads: the verifications' images, and the shop's goods images through a port. */
  readonly files: Uploads;
  /** PIN changes per card and hour. */
  readonly limiter: MemoryRateLimiter;
  readonly reauthenticate: CardsDeps['reauthenticate'];
}
