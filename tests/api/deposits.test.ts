/**
 * Deposits: where to pay, the request with its proof image (checked by content, kept private),
 * every refusal with nothing kept, idempotent replays, and the operator's approval (money, VIP
 * gift, level, audit) or rejection (the reason the user reads).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { isEthereumAddress, isTronAddress } from '../../src/domain/crypto-addresses';
import { DEPOSIT_PROOF_MAX_BYTES } from '../../src/domain/ledger';
import type { CoinEntry, DepositAddressReply, DepositRecord, Page, UserInfo, UserLevelReply } from '../../src/domain/wire';
import { errorText } from '../../src/locales/errors';
import { rowsOf } from '../../server/db/rows';
import { inTransaction } from '../../server/db/transaction';
import { balanceOf } from '../../server/ledger/accounts';
import { approveDeposit, listDeposits, rejectDeposit } from '../../server/modules/deposits/decisions';
import { PNG, startTestApp, USDT, type TestApp } from './harness';

let t: TestApp;
let operatorId: string;
const coin: Record<'USDT' | 'BTC' | 'ETH' | 'BANK', CoinEntry> = {} as never;

beforeAll(async () => {
  t = await startTestApp();
  operatorId = await t.financeOperator();
  const list = await t.get<{ legal: CoinEntry[] }>('/currency/list');
  for (const entry of list.body.data!.legal) {
    if (entry.kind === 'bank') coin.BANK = entry;
    else coin[entry.name as 'USDT' | 'BTC' | 'ETH'] = entry;
  }
});
afterAll(() => t?.close());

const proofsDir = () => path.join(t.config.uploadsDir, 'proofs');
const storedProofs = () => (fs.existsSync(proofsDir()) ? fs.readdirSync(proofsDir()) : []);
const charge: TestApp['charge'] = (...args) => t.charge(...args);

async function depositLog(token: string) {
  const reply = await t.get<Page<DepositRecord>>('/recharge/log', { token });
  expect(reply.status).toBe(200);
  return reply.body.data!;
}

const requested = (token: string, fields: Record<string, string>) => t.requestDeposit(token, fields);

const approve = (id: number, extra: { amount?: bigint | string; reason?: string } = {}) =>
  inTransaction(t.database.db, (tx) => approveDeposit(tx, { id, operatorId, at: t.clock.now(), ...extra }));
const reject = (id: number, reason: string) => inTransaction(t.database.db, (tx) => rejectDeposit(tx, { id, operatorId, reason, at: t.clock.now() }));

describe('where to pay', () => {
  test('USDT on TRC20 (the default) or ERC20, BTC, and the bank account with the user\'s payment reference', async () => {
    const user = await t.signedInUser();
    const info = await t.get<UserInfo>('/user/info', { token: user.token });
    const address = (body: Record<string, unknown>) => t.post<DepositAddressReply>('/wallet/get_in_address', body, { token: user.token });

    const trc20 = await address({ coinId: coin.USDT.id });
    expect(trc20.status).toBe(200);
    expect(trc20.body.data).toEqual({
      coinId: coin.USDT.id,
      coin: 'USDT',
      kind: 'crypto',
      network: 'TRC20',
      asset: 'USDT',
      address: coin.USDT.address_omni,
      bank: null,
      reference: '',
      // The defaults of a demo installation: the app says so (src/features/deposit/DepositScreen.tsx).
      demo: true,
    });
    expect((await address({ coinId: coin.USDT.id, network: 'ERC20' })).body.data).toMatchObject({ network: 'ERC20', address: coin.USDT.address_erc });
    expect((await address({ coinId: coin.BTC.id })).body.data).toMatchObject({ coin: 'BTC', asset: 'USDT', address: coin.BTC.address });

    const bank = await address({ coinId: coin.BANK.id });
    expect(bank.body.data).toEqual({
      coinId: coin.BANK.id,
      coin: coin.BANK.name,
      kind: 'bank',
      network: null,
      asset: 'EUR',
      address: coin.BANK.bank!.iban,
      bank: coin.BANK.bank,
      reference: `TSR-${info.body.data!.inviteCode}`,
      demo: true,
    });
  });

  test('addresses an operator set are not demo addresses; the demo defaults look like addresses but fail their checksums', async () => {
    const real = await startTestApp({ env: { USDT_TRC20_ADDRESS: 'TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW', BANK_IBAN: 'GB82WEST12345698765432' } });
    try {
      const user = await real.signedInUser();
      const coins = (await real.get<{ legal: Array<{ id: number; name: string }> }>('/currency/list', { token: user.token })).body.data!.legal;
      const id = (name: string) => coins.find((entry) => entry.name === name)!.id;
      const trc20 = await real.post<DepositAddressReply>('/wallet/get_in_address', { coinId: id('USDT') }, { token: user.token });
      expect(trc20.body.data).toMatchObject({ address: 'TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW', demo: false });
      const bank = await real.post<DepositAddressReply>('/wallet/get_in_address', { coinId: id('Bank transfer') }, { token: user.token });
      expect(bank.body.data).toMatchObject({ address: 'GB82WEST12345698765432', demo: false });
    } finally {
      await real.close();
    }
    // The demo defaults have the form of their network's addresses, not their checksums (TRON's
    // Base58Check, Ethereum's EIP-55): a wallet refuses to send to them.
    expect(coin.USDT.address_omni).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(isTronAddress(coin.USDT.address_omni!)).toBe(false);
    expect(coin.USDT.address_erc).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(isEthereumAddress(coin.USDT.address_erc!)).toBe(false);
  });

  test('an unknown coin or a network the coin does not have is refused', async () => {
    const { token } = await t.signedInUser();
    const unknown = await t.post('/wallet/get_in_address', { coinId: 9999 }, { token });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ key: 'coin.invalid', field: 'coinId' });
    const badNetwork = await t.post('/wallet/get_in_address', { coinId: coin.USDT.id, network: 'BEP20' }, { token });
    expect(badNetwork.body).toMatchObject({ key: 'coin.networkInvalid', field: 'network' });
    const btcOnTron = await t.post('/wallet/get_in_address', { coinId: coin.BTC.id, network: 'TRC20' }, { token });
    expect(btcOnTron.body.key).toBe('coin.networkInvalid');
    expect((await t.post('/wallet/get_in_address', { coinId: coin.USDT.id })).status).toBe(401);
  });
});

describe('a deposit request', () => {
  test('crypto and bank deposits with a proof become processing records, newest first', async () => {
    const user = await t.signedInUser();
    const info = await t.get<UserInfo>('/user/info', { token: user.token });
    const crypto = await requested(user.token, { coinId: String(coin.USDT.id), network: 'ERC20', amount: '150.5' });
    expect(crypto).toMatchObject({
      coin: 'USDT',
      network: 'ERC20',
      asset: 'USDT',
      amount: '150.500000',
      address: coin.USDT.address_erc,
      status: 'processing',
      bonus: null,
      reason: null,
      decidedAt: null,
      createdAt: t.clock.now().toISOString(),
    });
    expect(crypto.orderNo).toMatch(/^D\d{10}$/);
    expect(crypto.reference).toBe(crypto.orderNo);

    t.clock.advance(5);
    const bank = await requested(user.token, { coinId: String(coin.BANK.id), amount: '250.75' });
    expect(bank).toMatchObject({
      coin: coin.BANK.name,
      network: null,
      asset: 'EUR',
      amount: '250.75',
      address: coin.BANK.bank!.iban,
      reference: `TSR-${info.body.data!.inviteCode}`,
      status: 'processing',
    });

    const log = await depositLog(user.token);
    expect(log).toEqual({ list: [bank, crypto], total: 2, page: 1, pageSize: 10 });
    const paged = await t.get<Page<DepositRecord>>('/recharge/log', { token: user.token, query: { page: '2', pageSize: '1' } });
    expect(paged.body.data).toEqual({ list: [crypto], total: 2, page: 2, pageSize: 1 });
    const tooBig = await t.get('/recharge/log', { token: user.token, query: { pageSize: '51' } });
    expect(tooBig.status).toBe(400);
    // Nothing moves before an operator approves.
    expect(await balanceOf(t.database.db, await t.userIdOf(user.token), 'USDT')).toBe(0n);
  });

  test('every refusal has its key and keeps nothing, not even the image', async () => {
    const { token } = await t.signedInUser();
    const before = storedProofs().length;
    const usdt = { coinId: String(coin.USDT.id), amount: '100' };

    const noProof = await charge(token, usdt, { file: null });
    expect(noProof.status).toBe(400);
    expect(noProof.body).toMatchObject({ key: 'deposit.proofRequired', message: errorText('en', 'deposit.proofRequired') });
    const emptyProof = await charge(token, usdt, { file: { bytes: Buffer.alloc(0), name: 'empty.png', type: 'image/png' } });
    expect(emptyProof.body.key).toBe('deposit.proofRequired');
    const json = await t.post('/wallet/charge_req', usdt, { token, headers: { 'idempotency-key': crypto.randomUUID() } });
    expect(json.body.key).toBe('deposit.proofRequired');

    const text = await charge(token, usdt, { file: { bytes: Buffer.from('not an image at all\n'), name: 'proof.png', type: 'image/png' } });
    expect(text.status).toBe(415);
    expect(text.body.key).toBe('upload.wrongType');
    // A lang field before the file chooses the language, as JSON's lang does.
    const inGerman = await charge(token, { lang: 'de', ...usdt }, { file: { bytes: Buffer.from('text'), name: 'proof.png', type: 'image/png' } });
    expect(inGerman.body.message).toBe(errorText('de', 'upload.wrongType'));

    const tooLarge = Buffer.concat([PNG, Buffer.alloc(DEPOSIT_PROOF_MAX_BYTES + 1 - PNG.length)]);
    const large = await charge(token, usdt, { file: { bytes: tooLarge, name: 'big.png', type: 'image/png' } });
    expect(large.status).toBe(413);
    expect(large.body.key).toBe('upload.tooLarge');

    for (const amount of ['abc', '0', '-5', '', '1.1234567']) {
      const bad = await charge(token, { ...usdt, amount });
      expect(bad.status, amount).toBe(400);
      expect(bad.body.key, amount).toBe(amount === '' ? 'amount.required' : 'amount.invalid');
    }
    const euroCents = await charge(token, { coinId: String(coin.BANK.id), amount: '10.001' });
    expect(euroCents.body).toMatchObject({ key: 'amount.invalid', field: 'amount', message: errorText('en', 'amount.invalid', { decimals: 2 }) });

    const unknownCoin = await charge(token, { ...usdt, coinId: '9999' });
    expect(unknownCoin.body).toMatchObject({ key: 'coin.invalid', field: 'coinId' });
    const notACoin = await charge(token, { ...usdt, coinId: 'usdt' });
    expect(notACoin.body.key).toBe('coin.invalid');
    const badNetwork = await charge(token, { ...usdt, network: 'BEP20' });
    expect(badNetwork.body.key).toBe('coin.networkInvalid');
    const bankWithNetwork = await charge(token, { coinId: String(coin.BANK.id), network: 'TRC20', amount: '10' });
    expect(bankWithNetwork.body.key).toBe('coin.networkInvalid');
    const unknownField = await charge(token, { ...usdt, note: 'hi' });
    expect(unknownField.body.key).toBe('request.unknownField');

    const noKey = await charge(token, usdt, { key: null });
    expect(noKey.status).toBe(400);
    expect(noKey.body.key).toBe('idempotency.keyRequired');

    expect((await depositLog(token)).total).toBe(0);
    expect(storedProofs().length).toBe(before);
  });

  test('the same key again returns the first record and stores one deposit; with another amount it is refused', async () => {
    const { token } = await t.signedInUser();
    const key = crypto.randomUUID();
    const fields = { coinId: String(coin.USDT.id), amount: '100' };
    const before = storedProofs().length;
    const first = await charge(token, fields, { key });
    const again = await charge(token, fields, { key });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    const other = await charge(token, { ...fields, amount: '101' }, { key });
    expect(other.status).toBe(422);
    expect(other.body.key).toBe('idempotency.keyReused');
    const otherImage = await charge(token, fields, { key, file: { bytes: Buffer.concat([PNG, Buffer.from([0])]), name: 'proof.png', type: 'image/png' } });
    expect(otherImage.body.key).toBe('idempotency.keyReused');
    expect((await depositLog(token)).total).toBe(1);
    expect(storedProofs().length).toBe(before + 1);
  });

  test('proof images are not public files', async () => {
    const { token } = await t.signedInUser();
    const before = new Set(storedProofs());
    await requested(token, { coinId: String(coin.USDT.id), amount: '5' });
    const [name] = storedProofs().filter((file) => !before.has(file));
    expect(name).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(fs.readFileSync(path.join(proofsDir(), name)).equals(PNG)).toBe(true);
    for (const url of [`/api/uploads/proofs/${name}`, `/api/uploads/avatars/../proofs/${name}`, `/api/uploads/${name}`]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
    expect(JSON.stringify(await depositLog(token))).not.toContain(name);
  });
});

describe('the operator decides', () => {
  test('approval credits the amount and the VIP gift, raises the level and writes an audit row', async () => {
    const user = await t.signedInUser();
    const userId = await t.userIdOf(user.token);
    const first = await requested(user.token, { coinId: String(coin.USDT.id), amount: '1000' });
    t.clock.advance(30);
    const decided = await approve(first.id, { reason: 'arrived on chain' });
    // 1000 USDT reaches VIP 1, and the deposit earns the gift of the level it reaches: 1 %.
    expect(decided).toMatchObject({ id: first.id, userId, status: 'success', amount: '1000.000000', bonus: '10.000000', reason: 'arrived on chain' });
    expect(decided.decidedAt).toBe(t.clock.now().toISOString());
    expect(await balanceOf(t.database.db, userId, 'USDT')).toBe(USDT(1010));
    expect((await t.get<UserLevelReply>('/user/user_level', { token: user.token })).body.data).toMatchObject({ level: 1, confirmedDeposits: '1000.000000' });
    expect((await depositLog(user.token)).list[0]).toEqual({ ...first, status: 'success', bonus: '10.000000', reason: 'arrived on chain', decidedAt: decided.decidedAt });

    // Still level 1 (1200 < 5000): 1 % of the next deposit.
    const second = await requested(user.token, { coinId: String(coin.USDT.id), amount: '200' });
    expect((await approve(second.id)).bonus).toBe('2.000000');
    expect(await balanceOf(t.database.db, userId, 'USDT')).toBe(USDT(1212));

    const audit = await rowsOf<{ action: string; subject: string; operator_id: string; user_id: string; reason: string | null; details: Record<string, unknown> }>(
      t.database.db,
      sql`SELECT action, subject, operator_id, user_id, reason, details FROM audit_log WHERE user_id = ${userId} ORDER BY id`,
    );
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({
      action: 'deposit.approve',
      subject: `deposit:${first.id}`,
      operator_id: operatorId,
      user_id: userId,
      reason: 'arrived on chain',
      details: { amount: '1000.000000', requestedAmount: '1000.000000', bonus: '10.000000', vipLevelBefore: 0, vipLevelAfter: 1 },
    });
    const transfers = await rowsOf<{ kind: string; amount: string; idempotency_key: string; operator_id: string }>(
      t.database.db,
      sql`SELECT kind, amount::text, idempotency_key, operator_id FROM ledger_transfers WHERE reference = ${`deposit:${second.id}`} ORDER BY id`,
    );
    expect(transfers).toEqual([
      { kind: 'deposit', amount: '200000000', idempotency_key: `deposit:${second.id}:credit`, operator_id: operatorId },
      { kind: 'deposit_bonus', amount: '2000000', idempotency_key: `deposit:${second.id}:bonus`, operator_id: operatorId },
    ]);
    await t.assertLedgerClean();
  });

  test('an operator may credit the amount that arrived; the record and the audit show it', async () => {
    const user = await t.signedInUser();
    const userId = await t.userIdOf(user.token);
    const btc = await requested(user.token, { coinId: String(coin.BTC.id), amount: '500' });
    const decided = await approve(btc.id, { amount: USDT(480), reason: 'BTC arrived worth 480 USDT' });
    expect(decided).toMatchObject({ amount: '480.000000', status: 'success' });
    expect(await balanceOf(t.database.db, userId, 'USDT')).toBe(USDT(480));
    const [audit] = await rowsOf<{ details: Record<string, unknown> }>(t.database.db, sql`SELECT details FROM audit_log WHERE subject = ${`deposit:${btc.id}`}`);
    expect(audit.details).toMatchObject({ requestedAmount: '500.000000', amount: '480.000000' });

    // The operator's amount may also come as the decimal text of the form, in the deposit's asset.
    const bank = await requested(user.token, { coinId: String(coin.BANK.id), amount: '100' });
    await expect(approve(bank.id, { amount: '99.999' })).rejects.toMatchObject({ key: 'amount.invalid' });
    expect(await approve(bank.id, { amount: '99.5' })).toMatchObject({ amount: '99.50', asset: 'EUR' });
  });

  test('a bank deposit is credited in EUR and counts at the reference rate towards the level', async () => {
    const user = await t.signedInUser();
    const userId = await t.userIdOf(user.token);
    // 920 EUR at 0.92 EUR per USDT is 1000 USDT.
    const bank = await requested(user.token, { coinId: String(coin.BANK.id), amount: '920' });
    const decided = await approve(bank.id);
    expect(decided).toMatchObject({ asset: 'EUR', amount: '920.00', bonus: '9.20' });
    expect(await balanceOf(t.database.db, userId, 'EUR')).toBe(929_20n);
    expect((await t.get<UserLevelReply>('/user/user_level', { token: user.token })).body.data).toMatchObject({ level: 1, confirmedDeposits: '1000.000000' });
    // The gift is in the deposit's asset: 1 % of 100 EUR.
    const next = await requested(user.token, { coinId: String(coin.BANK.id), amount: '100' });
    expect((await approve(next.id)).bonus).toBe('1.00');
    expect(await balanceOf(t.database.db, userId, 'EUR')).toBe(1030_20n);
    await t.assertLedgerClean();
  });

  test('rejection: failed with the reason the user reads; nothing moves', async () => {
    const user = await t.signedInUser();
    const userId = await t.userIdOf(user.token);
    const record = await requested(user.token, { coinId: String(coin.USDT.id), amount: '300' });
    const decided = await reject(record.id, 'The proof does not show a transfer to us');
    expect(decided).toMatchObject({ status: 'failed', reason: 'The proof does not show a transfer to us', userId, bonus: null });
    expect((await depositLog(user.token)).list[0]).toMatchObject({ status: 'failed', reason: 'The proof does not show a transfer to us' });
    expect(await balanceOf(t.database.db, userId, 'USDT')).toBe(0n);
    const [audit] = await rowsOf<{ action: string; reason: string }>(t.database.db, sql`SELECT action, reason FROM audit_log WHERE subject = ${`deposit:${record.id}`}`);
    expect(audit).toEqual({ action: 'deposit.reject', reason: 'The proof does not show a transfer to us' });
  });

  test('deciding twice, an unknown id and a missing reason are refused', async () => {
    const { token } = await t.signedInUser();
    const record = await requested(token, { coinId: String(coin.USDT.id), amount: '10' });
    await expect(reject(record.id, ' x ')).rejects.toMatchObject({ key: 'ops.reasonRequired' });
    await approve(record.id);
    await expect(approve(record.id)).rejects.toMatchObject({ key: 'ops.alreadyDecided', status: 409 });
    await expect(reject(record.id, 'too late now')).rejects.toMatchObject({ key: 'ops.alreadyDecided', status: 409 });
    await expect(approve(987654)).rejects.toMatchObject({ key: 'record.notFound', status: 404 });
    const other = await requested(token, { coinId: String(coin.USDT.id), amount: '10' });
    await reject(other.id, 'no money arrived');
    await expect(approve(other.id)).rejects.toMatchObject({ key: 'ops.alreadyDecided' });
    // Exactly one credit for the approved one.
    const [count] = await rowsOf<{ n: string }>(t.database.db, sql`SELECT count(*)::text AS n FROM ledger_transfers WHERE reference = ${`deposit:${record.id}`}`);
    expect(count.n).toBe('1');
    await t.assertLedgerClean();
  });

  test('two operators approving at once: one wins, the other is told it is decided', async () => {
    const { token } = await t.signedInUser();
    const record = await requested(token, { coinId: String(coin.USDT.id), amount: '10' });
    const outcomes = await Promise.allSettled([approve(record.id), approve(record.id), reject(record.id, 'duplicate request')]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes.filter((o) => o.status === 'rejected')) {
      expect((outcome as PromiseRejectedResult).reason).toMatchObject({ key: 'ops.alreadyDecided' });
    }
    await t.assertLedgerClean();
  });

  test('the operators list shows whose deposit it is, by status', async () => {
    const user = await t.signedInUser();
    const userId = await t.userIdOf(user.token);
    const record = await requested(user.token, { coinId: String(coin.USDT.id), amount: '42' });
    const processing = await listDeposits(t.database.db, { status: 'processing', page: 1, pageSize: 50 });
    expect(processing.list.every((row) => row.status === 'processing')).toBe(true);
    const entry = processing.list.find((row) => row.id === record.id);
    expect(entry).toMatchObject({ ...record, userId, username: user.username });
    expect(entry!.proof).toMatch(/^[0-9a-f]{32}\.png$/);
    await approve(record.id);
    const success = await listDeposits(t.database.db, { status: 'success', page: 1, pageSize: 50 });
    expect(success.list.find((row) => row.id === record.id)).toMatchObject({ status: 'success', usdtValue: '42.000000', operatorId });
    const all = await listDeposits(t.database.db, { page: 1, pageSize: 1 });
    expect(all.list).toHaveLength(1);
    expect(all.total).toBeGreaterThan(1);
  });
});
