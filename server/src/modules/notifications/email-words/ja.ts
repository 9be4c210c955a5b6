/** The notice emails' and pushes' words in Japanese. */
import type { EmailWords } from './words';

export const WORDS: EmailWords = {
  phishing: 'フィッシング対策コード：{{code}}',
  footer: [
    'このメールは Nexa のアカウントに関するお知らせです。',
    'メールで受け取るお知らせはアプリの「通知 › 設定」で選べます。',
  ],
  kinds: {
    deposit_credited: {
      title: '入金が反映されました',
      body: '{{amount}} {{asset}} が現物口座に入金されました。',
    },
    withdrawal_sent: {
      title: '出金を送信しました',
      body: '{{amount}} {{asset}} を送信しました。トランザクションハッシュ：{{tx_hash}}',
    },
    withdrawal_completed: {
      title: '出金が完了しました',
      body: '{{amount}} {{asset}} は承認を経てチェーン上で確定しました。トランザクションハッシュ：{{tx_hash}}',
    },
    withdrawal_rejected: {
      title: '出金が却下されました',
      body: '{{amount}} {{asset}} の出金は却下され、資金は返却されました。理由：{{reason}}',
    },
    kyc_approved: {
      title: '本人確認が完了しました',
      body: '本人確認が承認されました。カードを申し込めます。',
    },
    kyc_rejected: {
      title: '本人確認が却下されました',
      body: '本人確認は承認されませんでした。理由：{{reason}}',
    },
    card_shipped: {
      title: 'カードを発送しました',
      body: '物理カードを発送しました。追跡番号：{{tracking}}',
    },
    card_activity: {
      title: 'カード：{{event}}',
      body: '{{amount}} USDT、{{merchant}}',
    },
    shop_shipped: {
      title: '注文が発送されました',
      body: '「{{title}}」が発送されました。追跡番号：{{tracking}}',
    },
    copy_opened: {
      title: 'コピートレードを建てました',
      body: 'リードトレーダーに従って {{inst}} のポジションを建てました。',
    },
    large_fill: {
      title: '大口注文が約定しました',
      body: '{{inst}} の注文が約定しました：{{size}}、平均価格 {{price}}（{{value}} USDT）。',
    },
    liquidation_warning: {
      title: '清算リスク',
      body: '{{inst}} ポジションの証拠金率が {{ratio}}% です。100% で強制清算されます（マーク価格 {{liq}} 付近）。証拠金を追加するか、ポジションを減らしてください。',
    },
    liquidation: {
      title: 'ポジションが清算されました',
      body: '{{inst}} のポジションが強制清算されました。',
    },
    new_sign_in: {
      title: '新しいサインイン',
      body: '新しい端末からサインインがありました：{{os}} の {{browser}}、アドレス {{ip}}。心当たりがない場合は、すぐに端末管理でそのセッションを終了してください。',
    },
    sessions_ended: {
      title: 'セッションを終了しました',
      body: 'アカウントの他のセッション {{count}} 件を終了しました。',
    },
    security_changed: {
      title: 'セキュリティ設定が変更されました',
      body: 'アカウントのセキュリティが変更されました：{{change}}。このような変更の後、出金と送金はしばらく待機になる場合があります（「セキュリティ」を参照）。心当たりがない場合はすぐにサポートへご連絡ください。',
    },
    address_added: {
      title: '出金アドレスが追加されました',
      body: '「{{label}}」（{{network}} {{address}}）がアドレス帳に追加されました。{{until}} から使用できます。心当たりがない場合はすぐに削除してください。',
    },
    price_alert: {
      title: '価格アラート：{{inst}}',
      body: '{{inst}} が {{figure}} になりました（設定したアラート：{{target}}）。',
    },
  },
  cardEvents: {
    authorization: '支払い',
    declined: '支払い拒否',
    reversal: '支払い取消',
    refund: '返金',
  },
  securityChanges: {
    totp_enabled: '認証アプリを有効化',
    totp_disabled: '認証アプリを無効化',
    whitelist_on: 'ホワイトリストモードをオン',
    whitelist_off: 'ホワイトリストモードをオフ',
    email_bound: 'メールを登録',
    email_changed: 'メールを変更',
  },
};
