import { z } from 'zod';
import { live, liveList } from '../../endpoint';
import { zUsdtAmount } from '../../money';
import { zTime } from '../../schemas';
import { zRequestId } from '../wallet/endpoints';

export const KYC_STATUSES = ['pending', 'approved', 'failed'] as const;
/** A user's verification state: none yet, or the latest one's status. */
const KYC_STATES = ['none', 'pending', 'approved', 'failed'] as const;
export const DOC_TYPES = ['passport', 'id_card', 'driver_license'] as const;
export const UPLOAD_PURPOSES = ['kyc_front', 'kyc_back', 'kyc_selfie', 'product'] as const;
export const UPLOAD_TYPES = ['image/jpeg', 'image/png'] as const;
export const CARD_KINDS = ['virtual', 'physical'] as const;
/**
 * A card's life: a virtual card is `active` at once; a physical one is `applying` until shipped, `shipped`
 * until the holder activates it with the code that came with it. `frozen` by the holder's replacement
 * (`replaced`) or an operator.
 */
export const CARD_STATUSES = ['applying', 'shipped', 'active', 'frozen', 'replaced'] as const;
/** A purchase as the issuer reports it: held, then settled (maybe partly refunded later), or released. */
export const SPEND_STATUSES = ['held', 'settled', 'reversed', 'refunded', 'declined'] as const;

const zName = z.string().trim().min(1).max(60);
const zDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'invalid_format' });
const zUploadId = z.string().regex(/^[a-f0-9]{32}$/, { message: 'invalid_format' });

/** A country where identity can be verified, with the documents it accepts and their number format. */
export const zNation = z.object({
  code: z.string(),
  name: z.string(),
  doc_types: z.array(z.enum(DOC_TYPES)),
  /** What a document number looks like there (a regular expression), per type. */
  doc_patterns: z.record(z.string(), z.string()),
});

/** An uploaded image as its owner (or an operator) sees it: a short-lived link to fetch it. */
export const zImage = z.object({ upload_id: z.string(), url: z.string(), expires_at: zTime });

export const zKyc = z.object({
  id: z.number().int(),
  country: z.string(),
  doc_type: z.enum(DOC_TYPES),
  /** Masked but the last 4. */
  doc_number: z.string(),
  surname: z.string(),
  given_name: z.string(),
  birth_date: z.string(),
  front: zImage.nullable(),
  back: zImage.nullable(),
  selfie: zImage.nullable(),
  status: z.enum(KYC_STATUSES),
  reason: z.string().nullable(),
  /**
   * A demo approval, no check behind it: a pending verification the demo will approve by itself (its setting
   * `demo.kyc_auto_approve` is on), or one it approved. False when an operator reviews or reviewed it.
   */
  demo_approval: z.boolean(),
  created_at: zTime,
  reviewed_at: zTime.nullable(),
});

const zKycInput = z.object({
  country: z.string().trim().length(2),
  doc_type: z.enum(DOC_TYPES),
  doc_number: z.string().trim().min(4).max(30),
  surname: zName,
  given_name: zName,
  birth_date: zDate,
  front_upload: zUploadId,
  back_upload: zUploadId,
  selfie_upload: zUploadId,
});

export const zCardAddress = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  country: z.string(),
  city: z.string(),
  line1: z.string(),
  line2: z.string(),
  postcode: z.string(),
  created_at: zTime,
});
const zAddressInput = z.object({
  name: zName,
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{6,20}$/, { message: 'invalid_format' }),
  country: z.string().trim().length(2),
  city: z.string().trim().min(1).max(60),
  line1: z.string().trim().min(1).max(120),
  line2: z.string().trim().max(120).default(''),
  postcode: z.string().trim().min(2).max(12),
});

export const zCardBin = z.object({
  bin: z.string(),
  brand: z.string(),
  kind: z.enum(CARD_KINDS),
  currency: z.string(),
  /** The fee charged to open one: "0" for a test card of the simulated issuer. */
  fee: z.string(),
  /** A test card of the built-in simulated issuer: it pays nowhere and costs nothing. */
  test: z.boolean(),
});

/** A card as we keep it: never its full number or CVV (those stay with the issuer). */
export const zCard = z.object({
  id: z.number().int(),
  kind: z.enum(CARD_KINDS),
  brand: z.string(),
  bin: z.string(),
  last4: z.string(),
  /** "4242 42•• •••• 1234". */
  masked: z.string(),
  holder: z.string(),
  expiry: z.string(),
  status: z.enum(CARD_STATUSES),
  pin_set: z.boolean(),
  /** The fee charged for it ("0" for a test card). */
  fee: z.string(),
  /** A test card of the built-in simulated issuer (a test BIN): it pays nowhere and cost nothing. */
  test: z.boolean(),
  address_id: z.number().int().nullable(),
  tracking: z.string().nullable(),
  replaced_by: z.number().int().nullable(),
  /**
   * Only with the built-in simulated issuer (the demo): the activation code its letter would carry, shown to
   * the holder once the card has shipped. A real issuer's code arrives with the card.
   */
  demo_code: z.string().nullable(),
  created_at: zTime,
});

export const zCardRecharge = z.object({
  id: z.number().int(),
  card_id: z.number().int(),
  amount: z.string(),
  fee: z.string(),
  /** What reached the card: amount − fee. */
  received: z.string(),
  created_at: zTime,
});

export const zCardSpend = z.object({
  id: z.number().int(),
  card_id: z.number().int(),
  merchant: z.string(),
  amount: z.string(),
  settled: z.string(),
  refunded: z.string(),
  status: z.enum(SPEND_STATUSES),
  created_at: zTime,
  updated_at: zTime,
});

const zCardId = z.object({ card_id: z.number().int().positive() });

/** Identity verification (KYC) and payment cards on an issuer: a built-in simulated issuer by default. */
export const cardsEndpoints = {
  '/api/digitalAssets/nationList': live('cards', {
    summary: 'Countries where identity can be verified, their documents and document number formats',
    auth: false,
    request: z.object({}),
    data: z.object({ list: z.array(zNation), min_age: z.number().int() }),
  }),
  '/api/digitalAssets/showRealName': live('cards', {
    summary: 'My identity verification: none yet, pending, approved, or failed with the reason',
    request: z.object({}),
    data: z.object({ status: z.enum(KYC_STATES), kyc: zKyc.nullable() }),
  }),
  '/api/digitalAssets/realNameCert': live('cards', {
    summary: 'Submit my identity verification (the same as addKyc)',
    request: zKycInput,
    data: zKyc,
    errors: ['KycPending', 'KycApproved', 'UploadNotFound'],
  }),
  '/api/visa/uploadImg': live('cards', {
    summary:
      'An upload link for one image: PUT the file to `url` with `headers` before `expires_at`; then name the upload_id',
    request: z.object({
      purpose: z.enum(UPLOAD_PURPOSES),
      content_type: z.enum(UPLOAD_TYPES),
      size: z.number().int().positive(),
    }),
    data: z.object({
      upload_id: z.string(),
      url: z.string(),
      method: z.literal('PUT'),
      headers: z.record(z.string(), z.string()),
      max_bytes: z.number().int(),
      expires_at: zTime,
    }),
    errors: ['UploadRejected', 'RateLimited'],
  }),
  '/api/visa/kycList': liveList('cards', {
    summary: 'My identity verifications, newest first',
    filters: {},
    item: zKyc,
  }),
  '/api/visa/kycDetail': live('cards', {
    summary: 'One of my identity verifications, with links to its images',
    request: z.object({ id: z.number().int().positive() }),
    data: zKyc,
    errors: ['KycNotFound'],
  }),
  '/api/visa/addKyc': live('cards', {
    summary: 'Submit an identity verification: the form and three uploaded images; an operator reviews it',
    request: zKycInput,
    data: zKyc,
    errors: ['KycPending', 'KycApproved', 'UploadNotFound'],
  }),
  '/api/visa/editKyc': live('cards', {
    summary: 'Correct a rejected verification and send it for review again',
    request: zKycInput.extend({ id: z.number().int().positive() }),
    data: zKyc,
    errors: ['KycNotFound', 'KycNotEditable', 'UploadNotFound'],
  }),
  '/api/visa/addAddress': live('cards', {
    summary: 'Add a shipping address for physical cards',
    request: zAddressInput,
    data: zCardAddress,
  }),
  '/api/visa/editAddress': live('cards', {
    summary: 'Change one of my shipping addresses',
    request: zAddressInput.extend({ id: z.number().int().positive() }),
    data: zCardAddress,
    errors: ['AddressNotFound'],
  }),
  '/api/visa/addressList': liveList('cards', {
    summary: 'My shipping addresses',
    filters: {},
    item: zCardAddress,
  }),
  '/api/visa/addressDetail': live('cards', {
    summary: 'One of my shipping addresses',
    request: z.object({ id: z.number().int().positive() }),
    data: zCardAddress,
    errors: ['AddressNotFound'],
  }),
  '/api/visa/getVirtualCardBin': live('cards', {
    summary: 'Card types on offer (BIN, brand, virtual or physical) and their fees',
    auth: false,
    request: z.object({}),
    data: z.object({ list: z.array(zCardBin) }),
  }),
  '/api/visa/info': live('cards', {
    summary: 'My card account: balance, held, verification status, fees and the top-up terms',
    request: z.object({}),
    data: z.object({
      balance: z.string(),
      held: z.string(),
      cards: z.number().int(),
      kyc_status: z.enum(KYC_STATES),
      topup_fee_rate: z.string(),
      topup_min: z.string(),
      replace_fee: z.string(),
      /**
       * The built-in simulated issuer runs: its cards are test cards (no fees) and a demo purchase can be made.
       */
      simulated: z.boolean(),
    }),
  }),
  '/api/visa/openVirtualCard': live('cards', {
    summary:
      'Open a virtual card of a BIN: the fee is paid from the spot account (none for a test card of the ' +
      'simulated issuer) and the card is active at once',
    request: z.object({ bin: z.string().trim().min(6).max(8), request_id: zRequestId.optional() }),
    data: zCard,
    errors: ['KycRequired', 'BinNotFound', 'CardLimit', 'InsufficientBalance', 'IdempotencyConflict'],
  }),
  '/api/visa/openRealCard': live('cards', {
    summary: 'Apply for a physical card: approved verification, a shipping address and the fee',
    request: z.object({
      bin: z.string().trim().min(6).max(8),
      address_id: z.number().int().positive(),
      request_id: zRequestId.optional(),
    }),
    data: zCard,
    errors: [
      'KycRequired',
      'BinNotFound',
      'AddressNotFound',
      'CardLimit',
      'InsufficientBalance',
      'IdempotencyConflict',
    ],
  }),
  '/api/visa/active': live('cards', {
    summary: 'Activate a shipped physical card with the activation code that came with it',
    request: zCardId.extend({
      code: z
        .string()
        .trim()
        .regex(/^\d{6}$/, { message: 'invalid_format' }),
    }),
    data: zCard,
    errors: ['CardNotFound', 'CardAlreadyActive', 'BadActivationCode', 'RateLimited'],
  }),
  '/api/visa/myCardList': liveList('cards', {
    summary: 'My cards, newest first (masked)',
    filters: {},
    item: zCard,
  }),
  '/api/visa/applyCardList': liveList('cards', {
    summary: 'My card applications and replacements, with their status and tracking',
    filters: { kind: z.enum(CARD_KINDS).optional() },
    item: zCard,
  }),
  '/api/visa/cardDetail': live('cards', {
    summary: 'One of my cards (masked) with the card account balance',
    request: zCardId,
    data: zCard.extend({ balance: z.string(), held: z.string() }),
    errors: ['CardNotFound'],
  }),
  '/v1/visa/reveal': live('cards', {
    summary:
      'The full number and CVV of my card, from the issuer, after signing a fresh sign-in message with my wallet',
    extension: true,
    request: zCardId.extend({
      message: z.string().min(1).max(2000),
      sign_message: z.string().min(1).max(200),
    }),
    data: z.object({ card_id: z.number().int(), number: z.string(), cvv: z.string(), expiry: z.string() }),
    errors: [
      'CardNotFound',
      'CardNotActive',
      'BadSignature',
      'StaleMessage',
      'NonceReused',
      'AddressMismatch',
      'WrongDomain',
    ],
  }),
  '/api/visa/updatePin': live('cards', {
    summary:
      'Set or change the 6-digit PIN: sent to the issuer, never kept, logged or shown; like revealing the card, ' +
      'it takes a fresh sign-in message signed with my wallet',
    request: zCardId.extend({
      pin: z.string().regex(/^\d{6}$/, { message: 'invalid_format' }),
      /** A fresh sign-in message and its signature, as `/v1/visa/reveal` takes them (required). */
      message: z.string().min(1).max(2000).optional(),
      sign_message: z.string().min(1).max(200).optional(),
    }),
    data: z.object({ card_id: z.number().int(), pin_set: z.boolean() }),
    errors: [
      'CardNotFound',
      'CardNotActive',
      'WeakPin',
      'RateLimited',
      'BadSignature',
      'StaleMessage',
      'NonceReused',
      'AddressMismatch',
      'WrongDomain',
    ],
  }),
  '/api/visa/replaceApply': live('cards', {
    summary:
      'Replace a lost or damaged card: the old one is frozen at once, a new one of the same kind is issued (a physical one ships to the address)',
    request: zCardId.extend({
      reason: z.enum(['lost', 'damaged']),
      address_id: z.number().int().positive().optional(),
      request_id: zRequestId.optional(),
    }),
    data: zCard,
    errors: [
      'CardNotFound',
      'CardNotActive',
      'AddressNotFound',
      'InsufficientBalance',
      'IdempotencyConflict',
    ],
  }),
  '/api/visa/recharge': live('cards', {
    summary: 'Top up the card account from the USDT spot account, less the top-up fee',
    request: zCardId.extend({ amount: zUsdtAmount, request_id: zRequestId.optional() }),
    data: zCardRecharge,
    errors: ['CardNotFound', 'CardNotActive', 'InsufficientBalance', 'IdempotencyConflict'],
  }),
  '/api/visa/rechargeList': liveList('cards', {
    summary: 'My card top-ups, newest first',
    filters: { card_id: z.number().int().positive().optional() },
    item: zCardRecharge,
  }),
  '/api/visa/consumeList': liveList('cards', {
    summary: 'My card spending as the issuer reported it, newest first',
    filters: { card_id: z.number().int().positive().optional() },
    item: zCardSpend,
  }),
  '/v1/visa/simulatePurchase': live('cards', {
    summary:
      'Demo only (the simulated issuer): a purchase at a merchant, sent to the platform as the issuer’s signed webhooks (authorisation, then settlement)',
    extension: true,
    request: zCardId.extend({
      merchant: z.string().trim().min(1).max(60),
      amount: zUsdtAmount,
      settle: z.boolean().default(true),
    }),
    data: zCardSpend,
    errors: ['CardNotFound', 'CardNotActive', 'NotAvailable'],
  }),
  '/admin/kyc/list': liveList('cards', {
    summary: 'Identity verifications, oldest pending first, with links to their images',
    extension: true,
    access: { roles: ['admin', 'support'] },
    filters: { status: z.enum(KYC_STATUSES).optional() },
    item: zKyc.extend({ user: z.object({ uid: z.string(), address: z.string() }), doc_number: z.string() }),
  }),
  '/admin/kyc/review': live('cards', {
    summary: 'Approve or reject a pending verification (a rejection needs the reason the user will read)',
    extension: true,
    access: { roles: ['admin', 'support'], acts: true },
    request: z.object({
      id: z.number().int().positive(),
      decision: z.enum(['approve', 'reject']),
      reason: z.string().trim().max(200).optional(),
    }),
    data: zKyc,
    errors: ['KycNotFound', 'KycNotEditable'],
  }),
  '/admin/cards/ship': live('cards', {
    summary:
      'Mark a physical card as shipped with its tracking number (the issuer sends the activation code with it)',
    extension: true,
    access: { roles: ['admin'], acts: true },
    request: zCardId.extend({ tracking: z.string().trim().min(3).max(40) }),
    data: zCard,
    errors: ['CardNotFound', 'CardNotActive'],
  }),
  '/admin/cards/userCards': liveList('cards', {
    summary:
      "A user's cards, newest first (masked numbers only), with the card account's balance and the user's " +
      'identity verification status',
    extension: true,
    access: { roles: ['support', 'finance'] },
    filters: { user_id: z.coerce.number().int().positive() },
    item: zCard.omit({ demo_code: true }),
    extraData: {
      balance: z.string(),
      held: z.string(),
      kyc_status: z.enum(KYC_STATES),
      kyc_id: z.number().int().nullable(),
    },
  }),
} as const;
