/** The notice emails' and pushes' words in Korean. */
import type { EmailWords } from './words';

export const WORDS: EmailWords = {
  phishing: '피싱 방지 코드: {{code}}',
  footer: ['이 메일은 Nexa 계정에 관한 알림입니다.', '앱의 알림 › 설정에서 이메일로 받을 알림을 선택하세요.'],
  kinds: {
    deposit_credited: {
      title: '입금 완료',
      body: '{{amount}} {{asset}}이(가) 현물 계정에 입금되었습니다.',
    },
    withdrawal_sent: {
      title: '출금 전송됨',
      body: '{{amount}} {{asset}}을(를) 보냈습니다. 트랜잭션 해시: {{tx_hash}}',
    },
    withdrawal_completed: {
      title: '출금 완료',
      body: '{{amount}} {{asset}}이(가) 확인을 거쳐 체인에서 확정되었습니다. 트랜잭션 해시: {{tx_hash}}',
    },
    withdrawal_rejected: {
      title: '출금 거절됨',
      body: '{{amount}} {{asset}} 출금이 거절되어 자금이 반환되었습니다. 사유: {{reason}}',
    },
    kyc_approved: {
      title: '본인 인증 완료',
      body: '본인 인증이 승인되었습니다. 이제 카드를 신청할 수 있습니다.',
    },
    kyc_rejected: {
      title: '본인 인증 거절',
      body: '본인 인증이 승인되지 않았습니다. 사유: {{reason}}',
    },
    card_shipped: {
      title: '카드 발송됨',
      body: '실물 카드가 발송되었습니다. 운송장 번호: {{tracking}}',
    },
    card_activity: {
      title: '카드: {{event}}',
      body: '{{amount}} USDT, {{merchant}}',
    },
    shop_shipped: {
      title: '주문 발송됨',
      body: '“{{title}}”이(가) 발송되었습니다. 운송장 번호: {{tracking}}',
    },
    copy_opened: {
      title: '카피 트레이드 진입',
      body: '리드 트레이더를 따라 {{inst}} 포지션이 열렸습니다.',
    },
    large_fill: {
      title: '대규모 주문 체결',
      body: '{{inst}} 주문이 체결되었습니다: {{size}}, 평균 가격 {{price}} ({{value}} USDT).',
    },
    liquidation_warning: {
      title: '청산 위험',
      body: '{{inst}} 포지션의 증거금 비율이 {{ratio}}%입니다. 100%에 도달하면 청산됩니다(마크 가격 약 {{liq}}). 증거금을 추가하거나 포지션을 줄이세요.',
    },
    liquidation: {
      title: '포지션 청산됨',
      body: '{{inst}} 포지션이 강제 청산되었습니다.',
    },
    new_sign_in: {
      title: '새 로그인',
      body: '새 기기에서 계정에 로그인했습니다: {{os}}의 {{browser}}, 주소 {{ip}}. 본인이 아니라면 즉시 기기 관리에서 해당 세션을 종료하세요.',
    },
    sessions_ended: {
      title: '세션 종료됨',
      body: '계정의 다른 세션 {{count}}개가 종료되었습니다.',
    },
    security_changed: {
      title: '보안 설정 변경',
      body: '계정 보안이 변경되었습니다: {{change}}. 이러한 변경 후에는 출금과 이체가 잠시 대기될 수 있습니다(보안 참조). 본인이 아니라면 즉시 고객 지원팀에 문의하세요.',
    },
    address_added: {
      title: '출금 주소 추가됨',
      body: '"{{label}}"({{network}} {{address}})이(가) 주소록에 추가되었습니다. {{until}}부터 사용할 수 있습니다. 본인이 아니라면 즉시 삭제하세요.',
    },
    price_alert: {
      title: '가격 알림: {{inst}}',
      body: '{{inst}}이(가) {{figure}}에 도달했습니다 (설정한 알림: {{target}}).',
    },
  },
  cardEvents: {
    authorization: '결제',
    declined: '결제 거절',
    reversal: '결제 취소',
    refund: '환불',
  },
  securityChanges: {
    totp_enabled: '인증 앱 활성화',
    totp_disabled: '인증 앱 비활성화',
    whitelist_on: '화이트리스트 모드 켜짐',
    whitelist_off: '화이트리스트 모드 꺼짐',
    email_bound: '이메일 연결됨',
    email_changed: '이메일 변경됨',
  },
};
