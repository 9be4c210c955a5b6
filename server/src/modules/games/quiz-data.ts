/** The demo's quiz questions, in every language of the app. Answers are indexes into the choices. */
type Text = { question: string; choices: string[] };
export const DEMO_QUIZ: readonly {
  answer: number;
  reward: number;
  seconds: number;
  texts: Record<string, Text>;
}[] = [
  {
    answer: 1,
    reward: 1,
    seconds: 30,
    texts: {
      en: { question: 'How many entrants form a race group by default?', choices: ['5', '10', '20', '100'] },
      zh: { question: '默认多少名参赛者组成一个比赛组？', choices: ['5', '10', '20', '100'] },
      ko: {
        question: '기본적으로 몇 명이 모이면 경주 그룹이 성립하나요?',
        choices: ['5', '10', '20', '100'],
      },
      th: { question: 'โดยค่าเริ่มต้น ต้องมีผู้เข้าร่วมกี่คนจึงจะครบกลุ่มแข่ง?', choices: ['5', '10', '20', '100'] },
      vi: {
        question: 'Mặc định cần bao nhiêu người để thành một nhóm đua?',
        choices: ['5', '10', '20', '100'],
      },
      ja: { question: '標準では何人でレースグループが成立しますか？', choices: ['5', '10', '20', '100'] },
      de: {
        question: 'Wie viele Teilnehmer bilden standardmäßig eine Renngruppe?',
        choices: ['5', '10', '20', '100'],
      },
    },
  },
  {
    answer: 2,
    reward: 2,
    seconds: 30,
    texts: {
      en: {
        question: 'What does the published seed hash let you check after a race?',
        choices: [
          'The ticket price',
          'Your balance',
          'That the seed was fixed before anyone joined',
          'The music',
        ],
      },
      zh: {
        question: '比赛结束后，公布的种子哈希可以让您验证什么？',
        choices: ['门票价格', '您的余额', '种子在任何人参加之前就已确定', '背景音乐'],
      },
      ko: {
        question: '공개된 시드 해시로 경주 후에 무엇을 확인할 수 있나요?',
        choices: ['티켓 가격', '내 잔액', '누군가 참가하기 전에 시드가 정해졌다는 것', '배경 음악'],
      },
      th: {
        question: 'แฮชของซีดที่เผยแพร่ช่วยให้ตรวจสอบอะไรได้หลังการแข่ง?',
        choices: ['ราคาตั๋ว', 'ยอดเงินของคุณ', 'ซีดถูกกำหนดไว้ก่อนที่ใครจะเข้าร่วม', 'เพลงประกอบ'],
      },
      vi: {
        question: 'Mã băm của seed được công bố giúp bạn kiểm tra điều gì sau cuộc đua?',
        choices: ['Giá vé', 'Số dư của bạn', 'Seed đã được cố định trước khi ai tham gia', 'Nhạc nền'],
      },
      ja: {
        question: '公開されたシードのハッシュで、レース後に何を確認できますか？',
        choices: ['チケット価格', 'あなたの残高', '誰かが参加する前にシードが決まっていたこと', 'BGM'],
      },
      de: {
        question: 'Was lässt sich nach einem Rennen mit dem veröffentlichten Seed-Hash prüfen?',
        choices: [
          'Der Ticketpreis',
          'Ihr Guthaben',
          'Dass der Seed feststand, bevor jemand beitrat',
          'Die Musik',
        ],
      },
    },
  },
  {
    answer: 0,
    reward: 1,
    seconds: 20,
    texts: {
      en: {
        question: 'What happens to your principal when the race settles?',
        choices: ['It is unlocked', 'It is lost', 'It stays locked for a year', 'It turns into tickets'],
      },
      zh: { question: '比赛结算时，您的本金会怎样？', choices: ['解锁', '损失', '再锁定一年', '变成门票'] },
      ko: {
        question: '경주가 정산되면 원금은 어떻게 되나요?',
        choices: ['잠금이 해제된다', '사라진다', '1년간 잠긴다', '티켓으로 바뀐다'],
      },
      th: {
        question: 'เมื่อสรุปผลการแข่ง เงินต้นของคุณจะเป็นอย่างไร?',
        choices: ['ถูกปลดล็อก', 'หายไป', 'ถูกล็อกต่อหนึ่งปี', 'กลายเป็นตั๋ว'],
      },
      vi: {
        question: 'Khi cuộc đua được quyết toán, tiền gốc của bạn thế nào?',
        choices: ['Được mở khóa', 'Bị mất', 'Bị khóa thêm một năm', 'Biến thành vé'],
      },
      ja: {
        question: 'レースが精算されると元本はどうなりますか？',
        choices: ['ロックが解除される', '失われる', '1年間ロックされる', 'チケットになる'],
      },
      de: {
        question: 'Was geschieht mit Ihrem Einsatz, wenn das Rennen abgerechnet wird?',
        choices: [
          'Er wird freigegeben',
          'Er ist verloren',
          'Er bleibt ein Jahr gesperrt',
          'Er wird zu Tickets',
        ],
      },
    },
  },
];
