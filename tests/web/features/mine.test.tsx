import 'fake-indexeddb/auto';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../src/api/query';
import type { PledgeOverview } from '../../../src/domain/pledge';
import MineScreen from '../../../src/features/mine/MineScreen';
import { mineRoutes } from '../../../src/features/mine/routes';
import { renderScreen } from '../app/render';
import { ok, useTestApi } from '../support/api-server';
import { pledgeOverview } from '../support/fixtures';
import { signInForTest } from '../support/session';

const api = useTestApi({ quietToasts: true });

const never = pledgeOverview();
let overview: PledgeOverview;

beforeEach(() => {
  queryClient.clear();
  overview = never;
  api.respond((sent) => (sent.url.pathname === '/api/pledge/overview' ? ok(overview) : ok(null)));
  signInForTest();
});
afterEach(cleanup);

/** The groups of Me as a user reads them: each heading with its rows' labels. */
async function groups() {
  await screen.findByRole('heading', { name: 'Money' });
  return Object.fromEntries(
    screen.getAllByRole('heading', { level: 2 }).flatMap((heading) => {
      const section = heading.closest('section');
      if (!section || section.getAttribute('aria-label')) return [];
      return [[heading.textContent, within(section).getAllByRole('button').map((row) => row.textContent)]];
    }),
  );
}

describe('Me', () => {
  it('groups its rows (money, account, help) without repeating Home’s shortcuts or itself', async () => {
    await renderScreen(MineScreen, '/mine', mineRoutes[0]);
    expect(await groups()).toEqual({
      Money: ['My assets', 'Deposit records', 'Withdrawal records'],
      Account: ['Account binding', 'Settings'],
      Help: ['Platform intro', 'Proof of liabilities', 'Help centre', 'Customer service'],
    });
    // Home's grid has these; Settings is one row, not also a gear.
    for (const name of ['Deposit', 'Withdraw', 'Convert', 'Fund record', 'VIP levels', 'Platform loan']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    expect(screen.queryByRole('link', { name: 'Settings' })).toBeNull();
  });

  it('shows the earn rows to people who earn: a pledge running or interest earned', async () => {
    overview = { ...never, earned: { USDT: '1.500000', EUR: '0.00' }, interest: { USDT: '1.500000', EUR: '0.00' } };
    await renderScreen(MineScreen, '/mine', mineRoutes[0]);
    // The overview arrives after the screen: its rows come with it.
    await screen.findByRole('heading', { name: 'Earn' }, { timeout: 5_000 });
    expect((await groups()).Earn).toEqual(['Interest wallet', 'Interest record']);
  });

  it('flags a payment password not set yet, leading to setting it', async () => {
    signInForTest({ hasPayPassword: false });
    await renderScreen(MineScreen, '/mine', mineRoutes[0]);
    expect((await groups()).Account).toEqual(['Payment passwordNot set', 'Account binding', 'Settings']);
  });
});
