/** The withdrawal calls (docs/api.md, "Money calls"): methods and limits, the request, the records, the address book. */
import type { z } from 'zod';
import { ask, pages, send } from '../../../api/calls';
import { pay } from '../../../api/pay';
import type { addressBookAddSchema, addressBookLockSchema, addressBookRemoveSchema, addressBookRenameSchema } from '../../../domain/address-book';
import type { withdrawSchema } from '../../../domain/payments';
import type { AddressBook, AddressEntry, AddressLock, WithdrawalRecord, WithdrawInfoReply } from '../../../domain/wire';

export type WithdrawRequest = z.input<typeof withdrawSchema>;
export type AddressEntryRequest = z.input<typeof addressBookAddSchema>;
export type AddressLockRequest = z.input<typeof addressBookLockSchema>;

export const withdrawInfo = ask<WithdrawInfoReply>('POST', '/wallet/get_info');
export const requestWithdrawal = pay<WithdrawRequest, WithdrawalRecord>('/wallet/out');
export const withdrawalRecords = pages<WithdrawalRecord>('/user/withdraw/list');

export const addressBook = ask<AddressBook>('GET', '/wallet/address-book');
/** A new entry: the payment password and, once the account has one, the second factor. */
export const addAddressEntry = pay<AddressEntryRequest, AddressEntry>('/wallet/address-book/add');
export const renameAddressEntry = send<z.input<typeof addressBookRenameSchema>, AddressEntry>('POST', '/wallet/address-book/rename');
export const removeAddressEntry = send<z.input<typeof addressBookRemoveSchema>, null>('POST', '/wallet/address-book/remove');
/** "Only to my address book" on or off: the payment password and, once set, the second factor. */
export const setAddressLock = pay<AddressLockRequest, AddressLock>('/wallet/address-book/lock');
