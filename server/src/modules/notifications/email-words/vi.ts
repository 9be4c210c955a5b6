/** The notice emails' and pushes' words in Vietnamese. */
import type { EmailWords } from './words';

export const WORDS: EmailWords = {
  phishing: 'Mã chống lừa đảo: {{code}}',
  footer: [
    'Thư này thông báo về tài khoản Nexa của bạn.',
    'Chọn thông báo nào gửi qua email trong ứng dụng: Thông báo › Cài đặt.',
  ],
  kinds: {
    deposit_credited: {
      title: 'Đã nhận tiền nạp',
      body: '{{amount}} {{asset}} đã vào tài khoản giao ngay của bạn.',
    },
    withdrawal_sent: {
      title: 'Đã gửi lệnh rút',
      body: 'Đã gửi {{amount}} {{asset}}. Mã giao dịch: {{tx_hash}}',
    },
    withdrawal_completed: {
      title: 'Rút tiền hoàn tất',
      body: '{{amount}} {{asset}} đã được xác nhận đủ và hoàn tất trên chuỗi. Mã giao dịch: {{tx_hash}}',
    },
    withdrawal_rejected: {
      title: 'Lệnh rút bị từ chối',
      body: 'Lệnh rút {{amount}} {{asset}} bị từ chối và tiền đã được hoàn lại. Lý do: {{reason}}',
    },
    kyc_approved: {
      title: 'Đã xác minh danh tính',
      body: 'Xác minh danh tính của bạn đã được duyệt. Bạn có thể đăng ký thẻ.',
    },
    kyc_rejected: {
      title: 'Xác minh danh tính bị từ chối',
      body: 'Xác minh danh tính của bạn không được duyệt. Lý do: {{reason}}',
    },
    card_shipped: {
      title: 'Đã gửi thẻ',
      body: 'Thẻ vật lý của bạn đang được giao. Mã vận đơn: {{tracking}}',
    },
    card_activity: {
      title: 'Thẻ: {{event}}',
      body: '{{amount}} USDT tại {{merchant}}',
    },
    shop_shipped: {
      title: 'Đơn hàng đã gửi',
      body: '“{{title}}” đã được gửi đi. Mã vận đơn: {{tracking}}',
    },
    copy_opened: {
      title: 'Đã mở lệnh sao chép',
      body: 'Một vị thế {{inst}} đã được mở theo nhà giao dịch dẫn đầu của bạn.',
    },
    large_fill: {
      title: 'Lệnh lớn đã khớp',
      body: 'Lệnh {{inst}} của bạn đã khớp: {{size}} với giá trung bình {{price}} ({{value}} USDT).',
    },
    liquidation_warning: {
      title: 'Nguy cơ thanh lý',
      body: 'Tỷ lệ ký quỹ của vị thế {{inst}} là {{ratio}}%. Ở mức 100% vị thế sẽ bị thanh lý (giá đánh dấu khoảng {{liq}}). Hãy nạp thêm ký quỹ hoặc giảm vị thế.',
    },
    liquidation: {
      title: 'Vị thế bị thanh lý',
      body: 'Vị thế {{inst}} của bạn đã bị thanh lý.',
    },
    new_sign_in: {
      title: 'Đăng nhập mới',
      body: 'Tài khoản của bạn vừa đăng nhập từ thiết bị mới: {{browser}} trên {{os}}, địa chỉ {{ip}}. Nếu không phải bạn, hãy kết thúc phiên đó trong Thiết bị ngay.',
    },
    sessions_ended: {
      title: 'Đã kết thúc phiên',
      body: 'Đã kết thúc {{count}} phiên khác của tài khoản.',
    },
    security_changed: {
      title: 'Cài đặt bảo mật đã thay đổi',
      body: 'Bảo mật tài khoản của bạn đã thay đổi: {{change}}. Sau thay đổi như vậy, rút tiền và chuyển tiền có thể phải chờ một thời gian (xem Bảo mật). Nếu không phải bạn, hãy liên hệ hỗ trợ ngay.',
    },
    address_added: {
      title: 'Đã thêm địa chỉ rút tiền',
      body: '"{{label}}" ({{network}} {{address}}) đã được thêm vào sổ địa chỉ. Có thể dùng từ {{until}}. Nếu không phải bạn, hãy xóa ngay.',
    },
    price_alert: {
      title: 'Cảnh báo giá: {{inst}}',
      body: '{{inst}} đang ở mức {{figure}} (cảnh báo của bạn: {{target}}).',
    },
  },
  cardEvents: {
    authorization: 'Thanh toán',
    declined: 'Thanh toán bị từ chối',
    reversal: 'Thanh toán đã hủy',
    refund: 'Hoàn tiền',
  },
  securityChanges: {
    totp_enabled: 'đã bật trình xác thực',
    totp_disabled: 'đã tắt trình xác thực',
    whitelist_on: 'đã bật chế độ danh sách trắng',
    whitelist_off: 'đã tắt chế độ danh sách trắng',
    email_bound: 'đã liên kết email',
    email_changed: 'đã đổi email',
  },
};
