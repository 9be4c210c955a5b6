import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_QUIZ } from '../../server/src/modules/games/quiz-data';
import { PHONE, type PhoneState, type Product, SCALE, SHOTS_ON, startProduct } from '../harness';
import { fund, signIn, visible, WAIT } from '../users';

let product: Product;

/** Long enough for the group to fill, the race to run and settle, on the fast settings below. */
const RACE_WAIT = { timeout: 60_000 } as const;

beforeAll(async () => {
  product = await startProduct();
  // A small group that the demo racers fill fast, and a short race: the whole round in about twenty seconds.
  await product.app.settings.set('games.group_size', 4);
  await product.app.settings.set('games.demo_join_s', 0.5);
  // Long enough for three phones refreshing every 2 s to each see it run on a loaded machine.
  await product.app.settings.set('games.race_seconds', 15);
});
afterAll(() => product.close());

const testId = (page: Page | Locator, id: string) => page.getByTestId(id);

/** A phone 390 px wide with a signed-in state, in a language the app reads at start. */
async function phoneIn(state: PhoneState, lang: string): Promise<Page> {
  const context = await product.browser.newContext({
    viewport: PHONE,
    deviceScaleFactor: SCALE,
    isMobile: true,
    hasTouch: true,
    storageState: state,
  });
  await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
  return context.newPage();
}

/** Demo racers in a list: each with its tag, none with a masked UID that looks like a user's. */
async function demoTagged(list: Locator): Promise<number> {
  const demo = list.and(list.page().locator('[data-demo="true"]'));
  const n = await demo.count();
  for (let i = 0; i < n; i++) {
    expect(await demo.nth(i).getByTestId('demo-tag').count()).toBe(1);
    expect(await demo.nth(i).textContent()).not.toMatch(/\d{2}\*{4}\d{2}/);
  }
  return n;
}

describe('games in the browser', () => {
  it('buys tickets, joins a race the demo racers fill, sees the result, replays and verifies it, answers a quiz question', {
    timeout: 360_000,
  }, async () => {
    const { context, page } = await product.newPhone();
    const u = await signIn(product, page);
    await fund(product, u.id, 'USDT', '1000');
    await product.app.settings.set('exchange.prices_usdt', { BWC: '0.5', BWT: '2' });
    await fund(product, u.id, 'BWC', '100');

    await page.goto(`${product.url}/game`);
    await visible(page, 'My tickets');
    await expect.poll(() => testId(page, 'ticket-balance').textContent(), WAIT).toBe('0');

    // Background music: off until tapped, on, then off again.
    const music = testId(page, 'music-toggle');
    expect(await music.getAttribute('aria-pressed')).toBe('false');
    await music.click();
    expect(await music.getAttribute('aria-pressed')).toBe('true');
    await music.click();
    expect(await music.getAttribute('aria-pressed')).toBe('false');

    // Buy 5 tickets at 10 USDT: the empty count is prompted, the cost shown, a confirmation, then the toast.
    await page.getByRole('button', { name: 'Buy tickets' }).click();
    await visible(page, 'Please enter the number of tickets');
    await page.getByPlaceholder('Please enter the number of tickets').fill('5');
    await expect.poll(() => testId(page, 'ticket-cost').textContent(), WAIT).toBe('50.00 USDT');
    await page.getByRole('button', { name: 'Buy tickets' }).click();
    await visible(page, 'Confirm purchase');
    await page.locator('.sheet__confirm:visible').click();
    await visible(page, 'Purchase successful');
    // The confirmation sheet closes (and leaves the page) before the next step.
    await expect.poll(() => page.locator('.sheet__confirm').count(), WAIT).toBe(0);
    await expect.poll(() => testId(page, 'ticket-balance').textContent(), WAIT).toBe('5');
    await expect.poll(() => testId(page, 'usdt-available').textContent(), WAIT).toBe('950.00');
    await product.shot(page, 'games-lobby');

    // The wallet's records read tickets whole, at the registry's scale of 0, in every language.
    const state = await context.storageState();
    for (const lang of ['en', 'de'] as const) {
      const small = await product.smallPhone(state, lang, 'dark');
      const p = await small.newPage();
      await p.goto(`${product.url}/records`);
      const ticketLine = p.locator('.record', { has: p.locator('.record__tag', { hasText: /^TICKET · / }) });
      await expect.poll(() => ticketLine.locator('.record__amount').textContent(), WAIT).toBe('+5 TICKET');
      await product.shot(p, `games-records-ticket-360-${lang}`);
      await small.close();
    }

    // Exchange BWC for one more ticket: 10 USDT at 0.5 USDT a BWC is 20 BWC.
    await page.getByRole('button', { name: 'Token', exact: true }).click();
    await page.getByPlaceholder('Please enter the number of tickets').fill('1');
    await expect.poll(() => testId(page, 'ticket-cost').textContent(), WAIT).toBe('20.0000 BWC');
    await page.getByRole('button', { name: 'Exchange for tickets' }).click();
    await visible(page, 'Confirm exchange');
    await page.locator('.sheet__confirm:visible').click();
    await visible(page, 'Exchanged successfully');
    // The confirmation sheet closes (and leaves the page) before the next step.
    await expect.poll(() => page.locator('.sheet__confirm').count(), WAIT).toBe(0);
    await expect.poll(() => testId(page, 'ticket-balance').textContent(), WAIT).toBe('6');

    // Demo racers fill empty seats: the lobby says so, and that their seats are the demo pool's.
    await expect.poll(() => testId(page, 'demo-note').getAttribute('data-fill'), WAIT).toBe('on');

    // Someone else watching the lobby, in Thai, and the same player on a second phone in Thai.
    const watcher = await product.newPhone();
    await signIn(product, watcher.page);
    await watcher.page.goto(`${product.url}/game`);
    await visible(watcher.page, 'My tickets');
    const thai = await phoneIn(state, 'th');
    await thai.goto(`${product.url}/game`);
    await expect.poll(() => testId(thai, 'ticket-balance').textContent(), WAIT).toBe('6');

    // Join the open group with 3 tickets: 30 USDT of principal locked, a random client seed of 32 hex.
    await testId(page, 'open-group').getByRole('button', { name: 'Join race' }).click();
    const sheet = page.locator('.sheet');
    await expect.poll(() => sheet.getByText(/Join race #\d+/).isVisible(), WAIT).toBe(true);
    await sheet.getByPlaceholder('Please enter the number of tickets').fill('3');
    await expect.poll(() => testId(page, 'join-principal').textContent(), WAIT).toBe('30.00 USDT');
    const seed = await sheet.getByPlaceholder('8–64 characters 0–9 and a–f').inputValue();
    expect(seed).toMatch(/^[0-9a-f]{32}$/);
    await product.shot(page, 'games-join');
    await page.locator('.sheet__confirm:visible').click();
    await visible(page, 'Joined successfully');
    // The confirmation sheet closes (and leaves the page) before the next step.
    await expect.poll(() => page.locator('.sheet__confirm').count(), WAIT).toBe(0);

    // The demo racers fill the group, each tagged Demo; the race runs with the time it has left, and it
    // settles with my rank and reward.
    const mine = testId(page, 'my-race');
    const chips = mine.getByTestId('entrant-chip');
    await expect.poll(() => mine.isVisible(), WAIT).toBe(true);
    await expect.poll(() => chips.count(), RACE_WAIT).toBeGreaterThan(1);
    await expect.poll(() => testId(mine, 'group-status').textContent(), RACE_WAIT).toBe('Group formed');
    await expect.poll(() => testId(mine, 'race-left').textContent(), WAIT).toMatch(/^Finishes in 00:[01]\d$/);
    expect(await demoTagged(chips)).toBe(3);
    await mine.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await product.shot(page, 'games-racing');
    // The other player's lobby shows the race running, then settled; the Thai phone shows it running too.
    const recent = testId(watcher.page, 'recent-race');
    await expect.poll(() => recent.first().getAttribute('data-status'), RACE_WAIT).toBe('formed');
    // The race lasts seconds: on a loaded machine the Thai phone's next refresh may already find it settled.
    const thaiRace = testId(thai, 'my-race');
    const thaiStage = testId(thaiRace, 'race-stage');
    await expect
      .poll(
        async () => ((await thaiStage.count()) > 0 ? thaiStage.getAttribute('data-stage') : null),
        RACE_WAIT,
      )
      .toMatch(/^(formed|settled)$/);
    await expect.poll(() => thaiRace.getByTestId('demo-tag').first().textContent(), WAIT).toBe('สาธิต');
    if (SHOTS_ON && (await thaiStage.getAttribute('data-stage')) === 'formed')
      await expect.poll(() => testId(thaiRace, 'race-left').textContent(), WAIT).toMatch(/00:(0[1-9]|1\d)/);
    await product.shot(thai, 'games-racing-th');
    await expect.poll(() => testId(mine, 'group-status').textContent(), RACE_WAIT).toBe('Settled');
    await expect.poll(() => testId(page, 'my-result').isVisible(), WAIT).toBe(true);
    await expect.poll(() => testId(page, 'ticket-balance').textContent(), WAIT).toBe('3');
    expect(await demoTagged(chips)).toBe(3);
    await mine.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await product.shot(page, 'games-result');
    await expect.poll(() => recent.first().getAttribute('data-status'), RACE_WAIT).toBe('settled');
    await expect.poll(() => testId(thai, 'my-result').isVisible(), RACE_WAIT).toBe(true);
    await product.shot(thai, 'games-result-th');
    // The race's own page on a small phone: my result, and every entrant with the demo racers tagged.
    const raceHref = (await testId(page, 'replay-link').getAttribute('href'))?.replace('&view=replay', '');
    for (const lang of ['en', 'th'] as const) {
      const small = await product.smallPhone(state, lang, 'dark');
      const p = await small.newPage();
      await p.goto(`${product.url}${raceHref}`);
      await expect.poll(() => testId(p, 'my-result').isVisible(), WAIT).toBe(true);
      await expect.poll(() => p.getByTestId('entrant').count(), WAIT).toBe(4);
      expect(await demoTagged(p.getByTestId('entrant'))).toBe(3);
      await product.shot(p, `games-result-360-${lang}`);
      await small.close();
    }
    await watcher.context.close();
    await thai.context().close();

    // The replay: about 8 s, ending in the recorded order; and once more.
    await testId(page, 'replay-link').click();
    await expect.poll(() => page.url(), WAIT).toMatch(/\/game1\?group=\d+&view=replay/);
    await expect.poll(() => testId(page, 'replay').isVisible(), WAIT).toBe(true);
    await expect.poll(() => page.getByTestId('entrant').count(), WAIT).toBe(4);
    await expect.poll(() => page.locator('[data-testid="entrant"][data-mine="true"]').count(), WAIT).toBe(1);
    // The result lists the demo racers as such, and every finisher after the first with its gap.
    expect(await demoTagged(page.getByTestId('entrant'))).toBe(3);
    expect(await page.getByTestId('entrant-behind').allTextContents()).toEqual([
      expect.stringMatching(/^\+\d\.\d\d s$/),
      expect.stringMatching(/^\+\d\.\d\d s$/),
      expect.stringMatching(/^\+\d\.\d\d s$/),
    ]);
    // Mid-replay picture: wait until the racers are under way.
    if (SHOTS_ON) await page.waitForTimeout(3500);
    await product.shot(page, 'games-replay');
    await expect
      .poll(() => testId(page, 'replay-state').getAttribute('data-done'), { timeout: 60_000 })
      .toBe('true');
    await product.shot(page, 'games-replay-done');
    await testId(page, 'replay-again').click();
    await expect.poll(() => testId(page, 'replay-state').getAttribute('data-done'), WAIT).toBe('false');

    // Verify in the browser: the seed hashes to the published hash, the draw gives the recorded ranks.
    await testId(page, 'verify-btn').click();
    await expect.poll(() => testId(page, 'check-hash').getAttribute('data-ok'), WAIT).toBe('true');
    await expect.poll(() => testId(page, 'check-order').getAttribute('data-ok'), WAIT).toBe('true');
    await expect.poll(() => testId(page, 'check-finish').getAttribute('data-ok'), WAIT).toBe('true');
    await testId(page, 'verify-panel').scrollIntoViewIfNeeded();
    await product.shot(page, 'games-verify');

    // The match records: the entry, finished, with its reward; the ticket orders.
    await page.goto(`${product.url}/game1`);
    await expect.poll(() => testId(page, 'entry-row').count(), WAIT).toBe(1);
    // Finished (principal and reward paid), and whether it won.
    const tags = await testId(page, 'entry-row').first().getByTestId('entry-status').allTextContents();
    expect(tags[1]).toBe('Finished');
    expect(['Won', 'Not won']).toContain(tags[0]);
    await product.shot(page, 'games-records');
    await page.getByRole('tab', { name: 'Ticket orders' }).click();
    await expect.poll(() => testId(page, 'order-row').count(), WAIT).toBe(2);
    await page.getByRole('tab', { name: 'Ticket changes' }).click();
    await expect.poll(() => testId(page, 'move-row').count(), WAIT).toBe(3);

    // A quiz question answered within its time: nothing about the right answer shows before it closes.
    await page.goto(`${product.url}/game?tab=quiz`);
    await expect.poll(() => testId(page, 'quiz-row').count(), WAIT).toBeGreaterThan(0);
    await product.shot(page, 'games-quiz');
    const row = testId(page, 'quiz-row').first();
    const question = (await row.locator('.gquiz__q').textContent()) ?? '';
    const quiz = DEMO_QUIZ.find((q) => q.texts.en?.question === question);
    expect(quiz).toBeDefined();
    const right = quiz?.texts.en?.choices[quiz.answer] ?? '';
    await row.click();
    await expect.poll(() => testId(page, 'quiz-sheet').isVisible(), WAIT).toBe(true);
    await visible(page, /\d+ s left/);
    await testId(page, 'quiz-sheet').locator('.gask__choice', { hasText: right }).first().click();
    await product.shot(page, 'games-quiz-open');
    await page.locator('.sheet__confirm:visible').click();
    // The answer is taken; right or wrong and the tickets come only when the question closes for everyone.
    await expect.poll(() => testId(page, 'quiz-result').textContent(), WAIT).toContain('Your answer is in');
    await product.shot(page, 'games-quiz-answered');
    await page.locator('.sheet__confirm:visible').click();
    await page.getByRole('tab', { name: 'Race' }).click();
    await expect.poll(() => testId(page, 'ticket-balance').textContent(), WAIT).toBe('3');
  });
});
