/** What several client tests show and type: a bound bank account and the payment sheet's label. */
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
