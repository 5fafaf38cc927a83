import 'fake-indexeddb/auto';
import { cleanup, screen, within } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UserInfo, UserLevelReply, VipLevel } from '../../../src/domain/wire';
import { progressPercent, remainingTo } from '../../../src/features/vip/progress';
import LevelScreen from '../../../src/features/vip/LevelScreen';
import { tokenAtom, userInfoAtom } from '../../../src/storage/session';
import { clearSession } from '../../../src/storage/store';
import { renderScreen } from '../app/render';
import { ok, type Received, type Reply, useTestApi } from '../support/api-server';

const store = getDefaultStore();
const api = useTestApi();

const user = { id: 'u1', username: 'ada', nickname: 'Ada', hasPayPassword: true, vipLevel: 1 } as UserInfo;

const levels: VipLevel[] = [
  { level: 0, upgradeAmount: '0.000000', giftPercent: '0', dailyOrders: 1 },
  { level: 1, upgradeAmount: '500.000000', giftPercent: '1', dailyOrders: 3 },
  { level: 2, upgradeAmount: '2000.000000', giftPercent: '1.5', dailyOrders: 5 },
  { level: 3, upgradeAmount: '10000.000000', giftPercent: '2.25', dailyOrders: 10 },
];
let reply: UserLevelReply;
let answer: (sent: Received) => Reply;

beforeEach(async () => {
  await clearSession();
  reply = { level: 1, confirmedDeposits: '1250.500000', next: levels[2], levels };
  answer = (sent) => (sent.url.pathname === '/api/user/user_level' ? ok(reply) : ok(null));
  api.respond((sent) => answer(sent));
  store.set(tokenAtom, 'tok_test');
  store.set(userInfoAtom, user);
});
afterEach(cleanup);

describe('VIP levels', () => {
  it('highlights the current level and shows the progress to the next', async () => {
    await renderScreen(LevelScreen, '/level');
    const mine = await screen.findByRole('region', { name: 'Your level' });
    expect(mine.textContent).toContain('VIP 1');
    expect(mine.textContent).toContain('1,250.50');
    const bar = within(mine).getByRole('progressbar');
    // 1250.5 of 2000: 62.525 %, cut to 62.
    expect(bar.getAttribute('aria-valuenow')).toBe('62');
    expect(mine.textContent).toContain('62%');
    expect(mine.textContent).toContain('749.50');
    expect(mine.textContent).toContain('VIP 2');

    const rows = within(screen.getByRole('region', { name: 'All levels' })).getAllByRole('listitem');
    expect(rows).toHaveLength(4);
    const current = rows.filter((row) => row.getAttribute('aria-current') === 'true');
    expect(current).toHaveLength(1);
    expect(current[0].textContent).toContain('VIP 1');
    expect(rows[2].textContent?.replace(/\s+/g, ' ')).toContain('2,000.00');
    expect(rows[2].textContent).toContain('1.5%');
    expect([...rows[3].querySelectorAll('[data-figure]')].map((figure) => figure.textContent)).toEqual(['10,000.00USDT', '2.25%', '10']);
  });

  it('says beside the gift ratios what the gift is, when it is paid and who pays it, with an example from the table', async () => {
    await renderScreen(LevelScreen, '/level');
    const levelsList = await screen.findByRole('region', { name: 'All levels' });
    const gift = levelsList.querySelector('[data-figure="gift"]')!;
    const explained = document.getElementById(gift.getAttribute('aria-describedby')!)!;
    const text = explained.textContent!.replace(/\s+/g, ' ');
    expect(text).toContain('when a deposit is approved, Tessera adds this share of it to your balance');
    expect(text).toContain("paid from Tessera's own bonus account");
    // VIP 0 gives nothing: the example is VIP 1's 1 % of its 500 USDT, rounded down as the server posts it.
    expect(text).toContain('a first deposit of 500.00USDT reaches VIP 1 and brings 5.00USDT more (1%).');
  });

  it('says when the highest level is reached', async () => {
    reply = { level: 3, confirmedDeposits: '12000.000000', next: null, levels };
    await renderScreen(LevelScreen, '/level');
    expect(await screen.findByText('You have reached the highest level.')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('shows the last-known level, marked, when offline', async () => {
    await renderScreen(LevelScreen, '/level');
    await screen.findByRole('region', { name: 'Your level' });
    cleanup();
    answer = () => ({ status: 503, body: { type: 'error', code: 0, message: 'Service unavailable', data: null } });
    await renderScreen(LevelScreen, '/level');
    expect(await screen.findByText(/Offline · as of/)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Your level' }).textContent).toContain('VIP 1');
  });
});

describe('progress arithmetic', () => {
  it('is exact on amounts a float would get wrong', () => {
    expect(progressPercent('0.000000', '500.000000')).toBe(0);
    expect(progressPercent('499.999999', '500.000000')).toBe(99);
    expect(progressPercent('500.000000', '500.000000')).toBe(100);
    expect(progressPercent('900000000000.000001', '900000000000.000002')).toBe(99);
    expect(progressPercent('5', '0')).toBe(100);
    expect(remainingTo('0.1', '0.3')).toBe('0.200000');
    expect(remainingTo('600', '500')).toBe('0.000000');
  });
});
