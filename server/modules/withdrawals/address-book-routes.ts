/**
 * The withdrawal address book's calls (docs/security.md, "Address book"): the book and its lock,
 * adding an entry (payment password and second factor, like binding a bank account), renaming
 * and removing one (the session), and the "only to my address book" lock.
 */
import type { FastifyInstance } from 'fastify';
import {
  ADDRESS_BOOK_MAX,
  ADDRESS_COOLING_OFF_HOURS,
  ADDRESS_LOCK_OFF_HOURS,
  addressBookAddSchema,
  addressBookLockSchema,
  addressBookRemoveSchema,
  addressBookRenameSchema,
  type AddressEntryInput,
} from '../../../src/domain/address-book';
import { addressBookSchema, addressEntrySchema, addressLockSchema } from '../../../src/domain/wire-schemas';
import { apiRoute, noInput } from '../../http/api-route';
import { viewerOf } from '../../http/auth';
import { payWithSecondFactor } from '../../http/paid-call';
import { PAID_CALL, SECOND_FACTOR } from '../../http/refusals';
import type { RecordedChange } from '../security';
import { entryDestinationOf } from './address-book';

const NOT_FOUND = { 404: ['addressBook.notFound'] } as const;

export async function addressBookModule(app: FastifyInstance): Promise<void> {
  const { clock } = app.deps;
  const { addressBook, securityChanges, alerts } = app.services;

  apiRoute(app, {
    method: 'GET',
    url: '/wallet/address-book',
    tag: 'withdrawals',
    summary: 'The withdrawal address book: its entries (newest first) with when each is usable, and the "only to my address book" lock (AddressBook)',
    auth: 'required',
    query: noInput,
    reply: addressBookSchema,
    handler: ({ request }) => addressBook.list(viewerOf(request).userId),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/wallet/address-book/add',
    refusals: [...PAID_CALL, SECOND_FACTOR, { 400: ['address.invalid'], 409: ['addressBook.full', 'addressBook.exists'] }],
    tag: 'withdrawals',
    summary: `Save a crypto address or a bank account under a label; a withdrawal may name it ${ADDRESS_COOLING_OFF_HOURS} hours later (AddressEntry)`,
    description:
      'Idempotency-Key header and payment password required, and the second factor (`secondFactor`) once the account has one. ' +
      'crypto: a TRC20 or ERC20 address, checked as a withdrawal checks it; bank: the holder, the IBAN (ISO 13616, mod 97) and the BIC (ISO 9362). ' +
      `One entry per destination (409 addressBook.exists), at most ${ADDRESS_BOOK_MAX} (409 addressBook.full). The owner is alerted by e-mail and push.`,
    auth: 'required',
    body: addressBookAddSchema,
    reply: addressEntrySchema,
    handler: async ({ body, request }) => {
      const entry = await payWithSecondFactor(request, body, (tx, userId, input) => addressBook.add(tx, userId, input as AddressEntryInput, clock()));
      // Told once per entry (a replay finds the alert sent); not awaited: the mail server's pace is not the user's.
      const alert = {
        userId: viewerOf(request).userId,
        id: entry.id,
        label: entry.label,
        destination: entryDestinationOf(entry),
        at: new Date(entry.createdAt),
        usableAt: new Date(entry.usableAt),
      };
      void alerts.addressAdded(alert).catch((error: unknown) => request.log.error({ err: error }, 'security: an address-book alert failed'));
      return entry;
    },
  });

  apiRoute(app, {
    method: 'POST',
    url: '/wallet/address-book/rename',
    refusals: NOT_FOUND,
    tag: 'withdrawals',
    summary: "A new label for one of the user's entries (another user's is not found); its destination and cooling-off stay (AddressEntry)",
    auth: 'required',
    body: addressBookRenameSchema,
    reply: addressEntrySchema,
    handler: ({ body, request }) => addressBook.rename(viewerOf(request).userId, body.id, body.label),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/wallet/address-book/remove',
    refusals: NOT_FOUND,
    tag: 'withdrawals',
    summary: "Remove one of the user's entries (another user's is not found)",
    auth: 'required',
    body: addressBookRemoveSchema,
    handler: async ({ body, request }) => {
      await addressBook.remove(viewerOf(request).userId, body.id);
      return null;
    },
  });

  apiRoute(app, {
    method: 'POST',
    url: '/wallet/address-book/lock',
    refusals: [...PAID_CALL, SECOND_FACTOR],
    tag: 'withdrawals',
    summary: `"Only to my address book": on at once, off ${ADDRESS_LOCK_OFF_HOURS} hours after it was asked (AddressLock); a change either way is a security change`,
    description:
      'Idempotency-Key header and payment password required, and the second factor once the account has one. While the lock holds, a withdrawal must name a usable entry (`entryId`): ' +
      'a typed address or the bound bank account is refused with addressBook.locked. A security change pauses withdrawals for 24 hours and ends the other sessions; asking for the state the lock already has changes nothing.',
    auth: 'required',
    body: addressBookLockSchema,
    reply: addressLockSchema,
    handler: async ({ body, request }) => {
      const viewer = viewerOf(request);
      let change: RecordedChange | null = null;
      const lock = await payWithSecondFactor(request, body, async (tx, _userId, input) => {
        const set = await addressBook.setLock(tx, viewer, input.on);
        change = set.change;
        return set.lock;
      });
      if (change) await securityChanges.announce(change);
      return lock;
    },
  });
}
