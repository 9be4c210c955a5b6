/** The notice emails' and pushes' words in English. */
import type { EmailWords } from './words';

export const WORDS: EmailWords = {
  phishing: 'Anti-phishing code: {{code}}',
  footer: [
    'This message tells of your account on Nexa.',
    'Choose which notices reach you by email in the app: Notifications, Settings.',
  ],
  kinds: {
    deposit_credited: {
      title: 'Deposit credited',
      body: '{{amount}} {{asset}} has arrived in your spot account.',
    },
    withdrawal_sent: {
      title: 'Withdrawal sent',
      body: '{{amount}} {{asset}} was sent. Transaction hash: {{tx_hash}}',
    },
    withdrawal_completed: {
      title: 'Withdrawal completed',
      body: '{{amount}} {{asset}} is final on chain after its confirmations. Transaction hash: {{tx_hash}}',
    },
    withdrawal_rejected: {
      title: 'Withdrawal rejected',
      body: 'Your withdrawal of {{amount}} {{asset}} was rejected and the funds returned. Reason: {{reason}}',
    },
    kyc_approved: {
      title: 'Identity verified',
      body: 'Your identity verification was approved. You can now apply for cards.',
    },
    kyc_rejected: {
      title: 'Identity verification rejected',
      body: 'Your identity verification was not approved. Reason: {{reason}}',
    },
    card_shipped: {
      title: 'Card shipped',
      body: 'Your physical card is on its way. Tracking number: {{tracking}}',
    },
    card_activity: {
      title: 'Card: {{event}}',
      body: '{{amount}} USDT at {{merchant}}',
    },
    shop_shipped: {
      title: 'Order shipped',
      body: '“{{title}}” has been shipped. Tracking number: {{tracking}}',
    },
    copy_opened: {
      title: 'Copy trade opened',
      body: 'A position was opened on {{inst}} following your lead trader.',
    },
    large_fill: {
      title: 'Large order filled',
      body: 'Your {{inst}} order filled: {{size}} at an average price of {{price}} ({{value}} USDT).',
    },
    liquidation_warning: {
      title: 'Liquidation risk',
      body: 'The margin ratio of your {{inst}} position is {{ratio}}%. At 100% it is liquidated (near a mark price of {{liq}}). Add margin or reduce the position.',
    },
    liquidation: {
      title: 'Position liquidated',
      body: 'Your {{inst}} position was liquidated.',
    },
    new_sign_in: {
      title: 'New sign-in',
      body: 'Your account was signed in from a new device: {{browser}} on {{os}}, address {{ip}}. If this was not you, end that session in Devices at once.',
    },
    sessions_ended: {
      title: 'Sessions ended',
      body: '{{count}} other session(s) of your account were ended.',
    },
    security_changed: {
      title: 'Security settings changed',
      body: 'Your account security changed: {{change}}. Withdrawals and transfers may wait a while after such a change (see Security). If this was not you, contact support at once.',
    },
    address_added: {
      title: 'Withdrawal address added',
      body: '"{{label}}" ({{network}} {{address}}) was added to your address book. It can be used from {{until}}. If this was not you, delete it at once.',
    },
    price_alert: {
      title: 'Price alert: {{inst}}',
      body: '{{inst}} is at {{figure}} (your alert: {{target}}).',
    },
  },
  cardEvents: {
    authorization: 'Payment',
    declined: 'Declined payment',
    reversal: 'Payment cancelled',
    refund: 'Refund',
  },
  securityChanges: {
    totp_enabled: 'authenticator enabled',
    totp_disabled: 'authenticator disabled',
    whitelist_on: 'whitelist mode turned on',
    whitelist_off: 'whitelist mode turned off',
    email_bound: 'email bound',
    email_changed: 'email changed',
  },
};
