/** What several client tests show and type: a bound bank account, a pledge overview and the payment sheet's label. */
import type { PledgeOverview } from '../../../src/domain/pledge';
import type { BankBinding } from '../../../src/domain/wire';

export const PIN_LABEL = 'Enter your 6-digit payment password';

export const BANK_BINDING: BankBinding = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  iban: 'DE89370400440532013000',
  swift: 'COBADEFFXXX',
  bankName: 'Commerzbank',
  country: 'Germany',
  address: 'Unter den Linden 1, Berlin',
  updatedAt: '2026-02-01T09:00:00.000Z',
};

/** A user with 250 USDT who has never pledged, offered one 30-day USDT product (0.5 % a day); `changes` say what differs. */
export function pledgeOverview(changes: Partial<PledgeOverview> = {}): PledgeOverview {
  return {
    products: [{ id: 3, asset: 'USDT', minAmount: '100.000000', dailyRate: '0.5', yearlyRate: '182.5', lockDays: 30, penaltyRate: '5', active: true }],
    available: { USDT: '250.000000', EUR: '0.00' },
    interest: { USDT: '0.000000', EUR: '0.00' },
    active: null,
    managed: { USDT: '0.000000', EUR: '0.00' },
    earned: { USDT: '0.000000', EUR: '0.00' },
    nextPayoutAt: '2030-01-16T00:00:00.000Z',
    ...changes,
  };
}
