/** Withdrawals: what each method costs, the request (Idempotency-Key header and payment password), the records. */
import type { FastifyInstance } from 'fastify';
import { pageQuerySchema, withdrawSchema } from '../../../src/domain/payments';
import { pageSchemaOf, withdrawalRecordSchema, withdrawInfoReplySchema } from '../../../src/domain/wire-schemas';
import { apiRoute, noInput } from '../../http/api-route';
import { PAID_CALL, SECOND_FACTOR } from '../../http/refusals';
import { viewerOf } from '../../http/auth';
import { payWithSecondFactor } from '../../http/paid-call';
import type { WithdrawalReads, WithdrawalRequest } from './requests';
import type { WithdrawalRecord } from '../../../src/domain/wire';

export async function withdrawalsModule(app: FastifyInstance): Promise<void> {
  const { clock } = app.deps;
  const { withdrawals, securityChanges, alerts } = app.services;

  apiRoute(app, {
    method: 'POST',
    url: '/wallet/get_info',
    tag: 'withdrawals',
    summary: 'Withdrawal methods with minimum, fee and available balance; the bound bank account or null (WithdrawInfoReply)',
    auth: 'required',
    body: noInput,
    reply: withdrawInfoReplySchema,
    handler: ({ request }) => withdrawals.info(viewerOf(request).userId),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/wallet/out',
    refusals: [
      ...PAID_CALL,
      SECOND_FACTOR,
      {
        400: ['address.invalid', 'balance.insufficient', 'bank.required', 'withdraw.belowMinimum', 'withdraw.notAboveFee'],
        403: ['withdraw.paused', 'addressBook.coolingOff', 'addressBook.locked'],
        404: ['addressBook.notFound'],
      },
    ],
    tag: 'withdrawals',
    summary: 'Request a withdrawal; the amount includes the fee and is held at once (WithdrawalRecord, status processing)',
    description:
      'Idempotency-Key header and payment password required, and the second factor (`secondFactor`) once the account has one. Refused with withdraw.paused for 24 hours after a security change. ' +
      'crypto: USDT to a TRC20 or ERC20 address typed (`network`, `address`), or to an entry of the address book (`entryId`); bank: EUR to the bound account, or to a bank account of the book (`entryId`). ' +
      'An entry is usable 24 hours after it was added (403 addressBook.coolingOff, data.usableAt); another user\'s, or one of the other method, is not found (404). ' +
      'While "only to my address book" is on, a withdrawal must name an entry (403 addressBook.locked).',
    auth: 'required',
    body: withdrawSchema,
    reply: withdrawalRecordSchema,
    handler: async ({ body, request }) => {
      const record = await payWithSecondFactor<typeof body, WithdrawalRecord, WithdrawalReads>(
        request,
        body,
        (tx, userId, withdrawal, reads) => withdrawals.place(tx, userId, withdrawal as WithdrawalRequest, clock(), reads),
        // Sent with the key's claim and the payment password's reads: one round trip for all.
        (tx, userId, withdrawal) => withdrawals.reads(tx, userId, withdrawal as WithdrawalRequest, () => securityChanges.assertWithdrawalsOpen(tx, userId)),
      );
      // Told once per withdrawal (a replay finds the alert sent); not awaited: the mail server's pace is not the user's.
      const { userId } = viewerOf(request);
      const alert = { userId, id: record.id, amount: record.amount, asset: record.asset, destination: record.destination, at: new Date(record.createdAt) };
      void alerts.withdrawalRequested(alert).catch((error: unknown) => request.log.error({ err: error }, 'security: a withdrawal alert failed'));
      return record;
    },
  });

  apiRoute(app, {
    method: 'GET',
    url: '/user/withdraw/list',
    tag: 'withdrawals',
    summary: "The user's withdrawals, newest first (Page<WithdrawalRecord>)",
    auth: 'required',
    query: pageQuerySchema,
    reply: pageSchemaOf(withdrawalRecordSchema),
    handler: ({ query, request }) => withdrawals.records(viewerOf(request).userId, query.page, query.pageSize),
  });
}
