/** Deposits: where to pay, the request with its proof image, and the user's deposit records. */
import type { FastifyInstance } from 'fastify';
import { DEPOSIT_PROOF_MAX_BYTES } from '../../../src/domain/ledger';
import { depositAddressSchema, depositRequestSchema, pageQuerySchema } from '../../../src/domain/payments';
import { depositAddressReplySchema, depositRecordSchema, pageSchemaOf } from '../../../src/domain/wire-schemas';
import { apiRoute } from '../../http/api-route';
import { IDEMPOTENT } from '../../http/refusals';
import { viewerOf } from '../../http/auth';
import { idempotencyKeyOf } from '../../http/idempotency';
import { amountOrRefusal, Refusal } from '../../errors';
import { readUploadForm } from '../../http/uploads';

export async function depositsModule(app: FastifyInstance): Promise<void> {
  const { clock } = app.deps;
  const { services } = app;
  const { proofs, deposits } = services;

  apiRoute(app, {
    method: 'POST',
    url: '/wallet/get_in_address',
    refusals: { 400: ['coin.invalid', 'coin.networkInvalid'] },
    tag: 'deposits',
    summary: 'Where to pay for a deposit option (DepositAddressReply)',
    description: 'USDT takes network TRC20 (default, address_omni) or ERC20 (address_erc); the bank card option gives the platform account and the payment reference TSR-<invite code>.',
    auth: 'required',
    body: depositAddressSchema,
    reply: depositAddressReplySchema,
    handler: ({ body, request }) => deposits.address(viewerOf(request).userId, body.coinId, body.network),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/wallet/charge_req',
    refusals: [IDEMPOTENT, { 400: ['amount.required', 'amount.invalid', 'amount.tooLarge', 'coin.invalid', 'coin.networkInvalid', 'deposit.proofRequired'] }],
    tag: 'deposits',
    summary: 'Request a deposit with its payment proof (DepositRecord, status processing)',
    description:
      'Idempotency-Key header required. Multipart: text fields coinId, network (USDT: TRC20|ERC20), amount, then the file ' +
      '`file` (JPG/PNG/HEIC/WebP by content, at most 2 MB and 40 megapixels). Without a file: deposit.proofRequired.',
    auth: 'required',
    upload: { field: 'file', mediaTypes: proofs.mediaTypes },
    reply: depositRecordSchema,
    handler: async ({ request }) => {
      const { userId } = viewerOf(request);
      // The key before the upload: a request that cannot be made idempotent is not worth reading.
      const key = idempotencyKeyOf(request);
      // A JSON body has no file: the same refusal as a form without one.
      if (!request.isMultipart()) throw new Refusal('deposit.proofRequired', 400, { field: 'file' });
      const form = await readUploadForm(request, { fileField: 'file', maxBytes: DEPOSIT_PROOF_MAX_BYTES });
      const input = depositRequestSchema.parse(form.fields);
      if (!form.file || form.file.length === 0) throw new Refusal('deposit.proofRequired', 400, { field: 'file' });
      const target = await deposits.target(input.coinId, input.network);
      const amount = amountOrRefusal(input.amount, target.asset);
      const proof = await proofs.check(form.file);

      let stored: string | null = null;
      try {
        return await services.idempotency.run(
          {
            userId,
            key,
            route: 'POST /api/wallet/charge_req',
            input: { coinId: target.coinId, network: target.network, asset: target.asset, amount: amount.toString() },
            file: proof.bytes,
          },
          async (tx) => {
            // Written only when the request really runs: a replay keeps the first proof.
            stored ??= await proofs.write(proof);
            return deposits.create(tx, { userId, target, amount, proof: stored, at: clock() });
          },
        );
      } catch (error) {
        // Nothing was kept: neither is the image.
        if (stored) await proofs.remove(stored);
        throw error;
      }
    },
  });

  apiRoute(app, {
    method: 'GET',
    url: '/recharge/log',
    tag: 'deposits',
    summary: "The user's deposits, newest first (Page<DepositRecord>)",
    auth: 'required',
    query: pageQuerySchema,
    reply: pageSchemaOf(depositRecordSchema),
    handler: ({ query, request }) => deposits.records(viewerOf(request).userId, query.page, query.pageSize),
  });
}
