import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { minor, ts } from '../../store/schema/columns';

/**
 * Uploaded files: who may upload (a signed link naming this row), what was declared, and where the checked,
 * re-encoded and encrypted bytes are kept (`key` in the blob store). `used_by` names what took it (a
 * verification), so one upload backs one thing.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id').notNull(),
    purpose: text('purpose').notNull(),
    contentType: text('content_type').notNull(),
    maxBytes: integer('max_bytes').notNull(),
    status: text('status', { enum: ['pending', 'stored'] }).notNull(),
    size: integer('size'),
    usedBy: text('used_by'),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    storedAt: ts('stored_at'),
  },
  (t) => [index('uploads_user_idx').on(t.userId, t.createdAt)],
);

/** Identity verifications. The document number is sealed (only its last 4 are kept in clear). */
export const kycSubmissions = pgTable(
  'kyc_submissions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    country: text('country').notNull(),
    docType: text('doc_type').notNull(),
    docNumberSealed: text('doc_number_sealed').notNull(),
    docLast4: text('doc_last4').notNull(),
    surname: text('surname').notNull(),
    givenName: text('given_name').notNull(),
    birthDate: text('birth_date').notNull(),
    frontUpload: text('front_upload').notNull(),
    backUpload: text('back_upload').notNull(),
    selfieUpload: text('selfie_upload').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'failed'] }).notNull(),
    reason: text('reason'),
    reviewedBy: integer('reviewed_by'),
    createdAt: ts('created_at').notNull(),
    reviewedAt: ts('reviewed_at'),
  },
  (t) => [
    index('kyc_submissions_user_idx').on(t.userId, t.id),
    uniqueIndex('kyc_submissions_approved_key').on(t.userId).where(sql`${t.status} = 'approved'`),
    uniqueIndex('kyc_submissions_pending_key').on(t.userId).where(sql`${t.status} = 'pending'`),
  ],
);

export const cardAddresses = pgTable(
  'card_addresses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    country: text('country').notNull(),
    city: text('city').notNull(),
    line1: text('line1').notNull(),
    line2: text('line2').notNull(),
    postcode: text('postcode').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('card_addresses_user_idx').on(t.userId, t.id)],
);

/**
 * Cards as we keep them: the issuer's token and the last 4 digits, never the number or CVV. `issuing` while
 * the issuer is asked (a card the issuer refused ends `failed`, its fee returned).
 */
export const cards = pgTable(
  'cards',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    kind: text('kind', { enum: ['virtual', 'physical'] }).notNull(),
    bin: text('bin').notNull(),
    brand: text('brand').notNull(),
    issuerToken: text('issuer_token'),
    last4: text('last4').notNull().default(''),
    expiry: text('expiry').notNull().default(''),
    holder: text('holder').notNull(),
    status: text('status', {
      enum: ['issuing', 'applying', 'shipped', 'active', 'frozen', 'replaced', 'failed'],
    }).notNull(),
    pinSet: boolean('pin_set').notNull().default(false),
    fee: minor('fee').notNull(),
    addressId: integer('address_id'),
    tracking: text('tracking'),
    replaces: integer('replaces'),
    replacedBy: integer('replaced_by'),
    activationFails: integer('activation_fails').notNull().default(0),
    createdAt: ts('created_at').notNull(),
    shippedAt: ts('shipped_at'),
  },
  (t) => [index('cards_user_idx').on(t.userId, t.id), uniqueIndex('cards_token_key').on(t.issuerToken)],
);

export const cardRecharges = pgTable(
  'card_recharges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    cardId: integer('card_id').notNull(),
    amount: minor('amount').notNull(),
    fee: minor('fee').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('card_recharges_user_idx').on(t.userId, t.id)],
);

/**
 * Spending as the issuer reports it, one row per authorisation id: what was held, settled and refunded.
 * A reversal or settlement that arrives before its authorisation makes the row too, so the late
 * authorisation finds it and changes nothing.
 */
export const cardSpends = pgTable(
  'card_spends',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    cardId: integer('card_id').notNull(),
    authId: text('auth_id').notNull(),
    merchant: text('merchant').notNull(),
    amount: minor('amount').notNull(),
    held: minor('held').notNull().default(sql`0`),
    settled: minor('settled').notNull().default(sql`0`),
    refunded: minor('refunded').notNull().default(sql`0`),
    status: text('status', { enum: ['held', 'settled', 'reversed', 'refunded', 'declined'] }).notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [uniqueIndex('card_spends_auth_key').on(t.authId), index('card_spends_user_idx').on(t.userId, t.id)],
);

/** Every issuer event applied, by its id: a second delivery of one finds it here and changes nothing. */
export const cardEvents = pgTable('card_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  authId: text('auth_id').notNull(),
  receivedAt: ts('received_at').notNull(),
});

/**
 * The built-in simulated issuer's own records (a real issuer keeps these on its side): the card number, CVV
 * and activation code, sealed. It never keeps a PIN: setting one records only that it was set.
 */
export const cardIssuerSim = pgTable('card_issuer_sim', {
  token: text('token').primaryKey(),
  reference: text('reference').notNull().unique(),
  numberSealed: text('number_sealed').notNull(),
  cvvSealed: text('cvv_sealed').notNull(),
  expiry: text('expiry').notNull(),
  activationSealed: text('activation_sealed'),
  status: text('status').notNull(),
  pinSet: boolean('pin_set').notNull().default(false),
  createdAt: ts('created_at').notNull(),
});
