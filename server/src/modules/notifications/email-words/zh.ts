/** The notice emails' and pushes' words in Chinese. */
import type { EmailWords } from './words';

export const WORDS: EmailWords = {
  phishing: '防钓鱼码：{{code}}',
  footer: ['此邮件是关于您在 Nexa 的账户的通知。', '可在应用的“通知 › 设置”中选择哪些通知通过邮件发送。'],
  kinds: {
    deposit_credited: {
      title: '充值已到账',
      body: '{{amount}} {{asset}} 已到达您的现货账户。',
    },
    withdrawal_sent: {
      title: '提现已发出',
      body: '{{amount}} {{asset}} 已发出。交易哈希：{{tx_hash}}',
    },
    withdrawal_completed: {
      title: '提现已完成',
      body: '{{amount}} {{asset}} 已在链上完成确认，不可撤回。交易哈希：{{tx_hash}}',
    },
    withdrawal_rejected: {
      title: '提现被拒绝',
      body: '您 {{amount}} {{asset}} 的提现被拒绝，资金已退回。原因：{{reason}}',
    },
    kyc_approved: {
      title: '实名认证已通过',
      body: '您的实名认证已通过，现在可以申请卡片。',
    },
    kyc_rejected: {
      title: '实名认证未通过',
      body: '您的实名认证未通过。原因：{{reason}}',
    },
    card_shipped: {
      title: '卡片已寄出',
      body: '您的实体卡已寄出。物流单号：{{tracking}}',
    },
    card_activity: {
      title: '卡片：{{event}}',
      body: '{{amount}} USDT，商户 {{merchant}}',
    },
    shop_shipped: {
      title: '订单已发货',
      body: '“{{title}}”已发货。物流单号：{{tracking}}',
    },
    copy_opened: {
      title: '跟单已开仓',
      body: '跟随您的带单员在 {{inst}} 开了仓位。',
    },
    large_fill: {
      title: '大额订单已成交',
      body: '您的 {{inst}} 订单已成交：{{size}}，成交均价 {{price}}（{{value}} USDT）。',
    },
    liquidation_warning: {
      title: '强平风险',
      body: '您的 {{inst}} 仓位保证金率为 {{ratio}}%，达到 100% 将被强制平仓（标记价格约 {{liq}}）。请追加保证金或减仓。',
    },
    liquidation: {
      title: '仓位已强平',
      body: '您的 {{inst}} 仓位已被强制平仓。',
    },
    new_sign_in: {
      title: '新设备登录',
      body: '您的账户在新设备登录：{{os}} 上的 {{browser}}，地址 {{ip}}。如非本人操作，请立即在设备管理中结束该会话。',
    },
    sessions_ended: {
      title: '会话已结束',
      body: '您账户的 {{count}} 个其他会话已结束。',
    },
    security_changed: {
      title: '安全设置已更改',
      body: '您的账户安全设置已更改：{{change}}。此类更改后提现和转账可能需要等待一段时间（见“安全设置”）。如非本人操作，请立即联系客服。',
    },
    address_added: {
      title: '已添加提现地址',
      body: '“{{label}}”（{{network}} {{address}}）已添加到地址簿，可于 {{until}} 起使用。如非本人操作，请立即删除。',
    },
    price_alert: {
      title: '价格提醒：{{inst}}',
      body: '{{inst}} 当前为 {{figure}}（您的提醒：{{target}}）。',
    },
  },
  cardEvents: {
    authorization: '消费',
    declined: '消费被拒',
    reversal: '消费已撤销',
    refund: '退款',
  },
  securityChanges: {
    totp_enabled: '已启用身份验证器',
    totp_disabled: '已停用身份验证器',
    whitelist_on: '已开启白名单模式',
    whitelist_off: '已关闭白名单模式',
    email_bound: '已绑定邮箱',
    email_changed: '已更换邮箱',
  },
};
