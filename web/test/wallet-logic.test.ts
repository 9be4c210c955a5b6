import {
  ACCOUNT_KINDS,
  CAUSES,
  causeLabel,
  isCause,
  isRecipientText as isRecipient,
  LANGS,
  RECORD_STATUS,
} from '@nexa/contract';
import { describe, expect, it } from 'vitest';
import walletEn from '../src/features/wallet/locales/en.json';
import { exchangePair, isAddressFor, isTxHash, pickSide } from '../src/features/wallet/rules';
import en from '../src/i18n/locales/en.json';
import { quoteClock, quoteDeadline, quotePanelState } from '../src/lib/quote-clock';
import { newRequestId, RequestIds } from '../src/lib/request-id';
import { statusTone } from '../src/ui/record-status';

const T0 = Date.parse('2026-01-01T00:00:00.000Z');

describe('quote countdown', () => {
  it('counts down from the server expiry when the clocks agree', () => {
    const deadline = quoteDeadline('2026-01-01T00:00:29.500Z', T0, 30);
    expect(deadline).toBe(T0 + 29_500);
    expect(quoteClock(deadline, T0, 30).seconds).toBe(30);
    expect(quoteClock(deadline, T0 + 500, 30).seconds).toBe(29);
    expect(quoteClock(deadline, T0 + 29_000, 30).seconds).toBe(1);
    expect(quoteClock(deadline, T0 + 29_500, 30).seconds).toBe(0);
    expect(quoteClock(deadline, T0 + 60_000, 30).seconds).toBe(0);
  });

  it('counts the quote life from arrival when the device clock is off', () => {
    // Device clock one minute ahead: the server's expiry looks past already.
    expect(quoteDeadline('2026-01-01T00:00:30.000Z', T0 + 60_000, 30)).toBe(T0 + 90_000);
    // Device clock one minute behind: the server's expiry looks 90 s away.
    expect(quoteDeadline('2026-01-01T00:00:30.000Z', T0 - 60_000, 30)).toBe(T0 - 30_000);
    expect(quoteDeadline('not a time', T0, 30)).toBe(T0 + 30_000);
  });

  it('never lasts longer than the quote life', () => {
    expect(quoteDeadline('2026-01-01T00:00:32.000Z', T0, 30)).toBe(T0 + 30_000);
  });

  it('gives the share of life left for the ring', () => {
    const deadline = T0 + 30_000;
    expect(quoteClock(deadline, T0, 30).share).toBe(1);
    expect(quoteClock(deadline, T0 + 15_000, 30).share).toBe(0.5);
    expect(quoteClock(deadline, T0 + 31_000, 30).share).toBe(0);
    expect(quoteClock(deadline, T0 - 5_000, 30).share).toBe(1);
    expect(quoteClock(deadline, T0, 0).share).toBe(0);
  });
});

describe('record causes', () => {
  it('names every cause the ledger may write, in every language', () => {
    for (const cause of Object.keys(CAUSES)) {
      for (const lang of LANGS) {
        const label = causeLabel(cause, lang);
        expect(label, `${cause} ${lang}`).not.toBe(cause);
        expect(label.length).toBeGreaterThan(0);
      }
    }
    expect(causeLabel('p2p.buy', 'en')).toBe('Token market trade');
    expect(causeLabel('spot.order', 'zh')).toBe('现货交易');
  });

  it('shows a cause it does not know as the server wrote it', () => {
    expect(causeLabel('staking.profit', 'en')).toBe('staking.profit');
    expect(isCause('')).toBe(false);
  });
});

describe('record statuses', () => {
  it('shows the three statuses of the contract (and a withdrawal being paid out), each in its tone and with its label', () => {
    expect([...RECORD_STATUS, 'sending', 'completed'].sort()).toEqual(
      Object.keys(en.walletForm.status).sort(),
    );
    expect(statusTone('pending')).toBe('warning');
    expect(statusTone('approved')).toBe('success');
    expect(statusTone('failed')).toBe('danger');
    expect(en.walletForm.status.pending).toBe('Pending approval');
    expect(en.walletForm.status.sending).toBe('Sending');
    expect(en.walletForm.status.completed).toBe('Completed');
  });
});

describe('accounts', () => {
  it('are the contract account kinds, each with a label', () => {
    expect(Object.keys(walletEn.wallet.accounts)).toEqual([...ACCOUNT_KINDS]);
  });

  it('picking the account on the other side swaps the two, so from and to never match', () => {
    const pair = { from: 'spot', to: 'futures' };
    expect(pickSide(pair, 'from', 'shop')).toEqual({ from: 'shop', to: 'futures' });
    expect(pickSide(pair, 'to', 'card')).toEqual({ from: 'spot', to: 'card' });
    expect(pickSide(pair, 'from', 'futures')).toEqual({ from: 'futures', to: 'spot' });
    expect(pickSide(pair, 'to', 'spot')).toEqual({ from: 'futures', to: 'spot' });
    expect(pickSide(pair, 'from', 'spot')).toEqual(pair);
  });

  it('works for an exchange pair with no target yet', () => {
    expect(pickSide<string | null>({ from: 'USDT', to: null }, 'to', 'BTC')).toEqual({
      from: 'USDT',
      to: 'BTC',
    });
    expect(pickSide<string | null>({ from: 'USDT', to: 'BTC' }, 'from', 'BTC')).toEqual({
      from: 'BTC',
      to: 'USDT',
    });
  });
});

describe('addresses and hashes', () => {
  const address = `0x${'aB'.repeat(20)}`;
  it('checks EVM addresses, recipients and transaction hashes', () => {
    expect(isAddressFor('evm', address)).toBe(true);
    expect(isAddressFor('evm', `${address}0`)).toBe(false);
    expect(isAddressFor('evm', 'TXYZ')).toBe(false);
    expect(isAddressFor('bsc', address)).toBe(true);
    // Each network's own form: Tron's T… base58, Bitcoin's bech32; an EVM address is none of them.
    expect(isAddressFor('tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true);
    expect(isAddressFor('tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6')).toBe(false);
    expect(isAddressFor('tron', address)).toBe(false);
    expect(isAddressFor('bitcoin', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBe(true);
    expect(isAddressFor('bitcoin', address)).toBe(false);
    expect(isRecipient(address)).toBe(true);
    expect(isRecipient('12345678')).toBe(true);
    expect(isRecipient('alice')).toBe(false);
    // The contract's one UID rule, the server's too: six to twelve digits.
    expect(isRecipient('1234')).toBe(false);
    expect(isRecipient('123456')).toBe(true);
    expect(isRecipient('1234567890123')).toBe(false);
    expect(isTxHash(`0x${'f'.repeat(64)}`)).toBe(true);
    expect(isTxHash(`0x${'f'.repeat(63)}`)).toBe(false);
  });
});

describe('request ids', () => {
  it('are fresh, and valid for the contract', () => {
    const a = newRequestId();
    const b = newRequestId();
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[\w-]{8,64}$/);
  });

  it('are reused for a retry of the same submission and renewed for anything else', () => {
    let n = 0;
    const ids = new RequestIds(() => `req-${++n}`);
    const first = ids.forSubmission({ to: 'x', amount: '5' });
    expect(first).toBe('req-1');
    // The call failed; the user confirms again the same content.
    expect(ids.forSubmission({ to: 'x', amount: '5' })).toBe('req-1');
    // Changed content: a new submission.
    expect(ids.forSubmission({ to: 'x', amount: '6' })).toBe('req-2');
    // Success: the next one is new even with the same content.
    ids.succeeded();
    expect(ids.forSubmission({ to: 'x', amount: '6' })).toBe('req-3');
  });
});

describe('exchange pairs', () => {
  it('keeps USDT on one side: the exchange trades each asset against USDT', () => {
    expect(exchangePair({ from: 'BTC', to: 'ETH' }, 'to')).toEqual({ from: 'USDT', to: 'ETH' });
    expect(exchangePair({ from: 'BTC', to: 'ETH' }, 'from')).toEqual({ from: 'BTC', to: 'USDT' });
    expect(exchangePair({ from: 'USDT', to: 'BWC' }, 'to')).toEqual({ from: 'USDT', to: 'BWC' });
    expect(exchangePair({ from: 'BWC', to: null }, 'from')).toEqual({ from: 'BWC', to: 'USDT' });
  });
});

describe('quote panel', () => {
  const base = {
    quote: null,
    typed: '50',
    settled: '50',
    quotable: true,
    pairReady: true,
    fetching: false,
    failed: false,
    answered: true,
  };
  const quote = { quote_id: 'q1' };

  it('shows the quote once the settled amount has one', () => {
    expect(quotePanelState({ ...base, quote })).toBe('ready');
  });

  it('says a quote is coming while a quotable amount settles or is asked about', () => {
    expect(quotePanelState({ ...base, typed: '60' })).toBe('loading');
    expect(quotePanelState({ ...base, fetching: true, answered: false })).toBe('loading');
    expect(quotePanelState({ ...base, answered: false })).toBe('loading');
  });

  it('shows the terms, not "none to be had", once the amount is cleared before the old answer settles', () => {
    // Right after an exchange the box is emptied; the last settled amount still has its answer for a moment.
    expect(quotePanelState({ ...base, typed: '' })).toBe('idle');
    expect(quotePanelState({ ...base, typed: '0' })).toBe('idle');
    expect(quotePanelState({ ...base, typed: '60', pairReady: false })).toBe('idle');
  });

  it('tells a refusal from an answer without a quote', () => {
    expect(quotePanelState({ ...base, failed: true, answered: false })).toBe('failed');
    expect(quotePanelState(base)).toBe('unavailable');
    expect(quotePanelState({ ...base, quotable: false, typed: '', settled: '' })).toBe('idle');
  });
});
