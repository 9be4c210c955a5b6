/** The notice emails' and pushes' words in German. */
import type { EmailWords } from './words';

export const WORDS: EmailWords = {
  phishing: 'Anti-Phishing-Code: {{code}}',
  footer: [
    'Diese Nachricht betrifft Ihr Konto bei Nexa.',
    'Welche Mitteilungen per E-Mail kommen, wählen Sie in der App unter Mitteilungen › Einstellungen.',
  ],
  kinds: {
    deposit_credited: {
      title: 'Einzahlung gutgeschrieben',
      body: '{{amount}} {{asset}} ist auf Ihrem Spot-Konto eingegangen.',
    },
    withdrawal_sent: {
      title: 'Auszahlung gesendet',
      body: '{{amount}} {{asset}} wurden gesendet. Transaktions-Hash: {{tx_hash}}',
    },
    withdrawal_completed: {
      title: 'Auszahlung abgeschlossen',
      body: '{{amount}} {{asset}} sind nach ihren Bestätigungen auf der Chain endgültig. Transaktions-Hash: {{tx_hash}}',
    },
    withdrawal_rejected: {
      title: 'Auszahlung abgelehnt',
      body: 'Ihre Auszahlung von {{amount}} {{asset}} wurde abgelehnt, das Guthaben zurückgebucht. Grund: {{reason}}',
    },
    kyc_approved: {
      title: 'Identität bestätigt',
      body: 'Ihre Identitätsprüfung wurde genehmigt. Sie können jetzt Karten beantragen.',
    },
    kyc_rejected: {
      title: 'Identitätsprüfung abgelehnt',
      body: 'Ihre Identitätsprüfung wurde nicht genehmigt. Grund: {{reason}}',
    },
    card_shipped: {
      title: 'Karte versandt',
      body: 'Ihre physische Karte ist unterwegs. Sendungsnummer: {{tracking}}',
    },
    card_activity: {
      title: 'Karte: {{event}}',
      body: '{{amount}} USDT bei {{merchant}}',
    },
    shop_shipped: {
      title: 'Bestellung versandt',
      body: '„{{title}}“ wurde versandt. Sendungsnummer: {{tracking}}',
    },
    copy_opened: {
      title: 'Copy-Trade eröffnet',
      body: 'Nach Ihrem Lead-Trader wurde eine Position in {{inst}} eröffnet.',
    },
    large_fill: {
      title: 'Große Order ausgeführt',
      body: 'Ihre Order in {{inst}} wurde ausgeführt: {{size}} zum Durchschnittspreis von {{price}} ({{value}} USDT).',
    },
    liquidation_warning: {
      title: 'Liquidationsrisiko',
      body: 'Die Margin-Quote Ihrer Position in {{inst}} liegt bei {{ratio}} %. Bei 100 % wird sie liquidiert (bei einem Markpreis um {{liq}}). Fügen Sie Margin hinzu oder verkleinern Sie die Position.',
    },
    liquidation: {
      title: 'Position liquidiert',
      body: 'Ihre Position in {{inst}} wurde liquidiert.',
    },
    new_sign_in: {
      title: 'Neue Anmeldung',
      body: 'Ihr Konto wurde auf einem neuen Gerät angemeldet: {{browser}} unter {{os}}, Adresse {{ip}}. Waren Sie das nicht, beenden Sie diese Sitzung sofort unter Geräte.',
    },
    sessions_ended: {
      title: 'Sitzungen beendet',
      body: '{{count}} andere Sitzung(en) Ihres Kontos wurden beendet.',
    },
    security_changed: {
      title: 'Sicherheitseinstellungen geändert',
      body: 'Die Sicherheit Ihres Kontos wurde geändert: {{change}}. Nach einer solchen Änderung können Auszahlungen und Überweisungen eine Weile gesperrt sein (siehe Sicherheit). Waren Sie das nicht, wenden Sie sich sofort an den Support.',
    },
    address_added: {
      title: 'Auszahlungsadresse hinzugefügt',
      body: '„{{label}}“ ({{network}} {{address}}) wurde Ihrem Adressbuch hinzugefügt. Sie ist ab {{until}} nutzbar. Waren Sie das nicht, löschen Sie sie sofort.',
    },
    price_alert: {
      title: 'Preisalarm: {{inst}}',
      body: '{{inst}} steht bei {{figure}} (Ihr Alarm: {{target}}).',
    },
  },
  cardEvents: {
    authorization: 'Zahlung',
    declined: 'Zahlung abgelehnt',
    reversal: 'Zahlung storniert',
    refund: 'Erstattung',
  },
  securityChanges: {
    totp_enabled: 'Authenticator aktiviert',
    totp_disabled: 'Authenticator deaktiviert',
    whitelist_on: 'Whitelist-Modus eingeschaltet',
    whitelist_off: 'Whitelist-Modus ausgeschaltet',
    email_bound: 'E-Mail verknüpft',
    email_changed: 'E-Mail geändert',
  },
};
