/** Deposits: where to pay, the request with its proof image, and the user's deposit records. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../../src/domain/errors';
import { DEPOSIT_PROOF_MAX_BYTES } from '../../../src/domain/ledger';
import { isLocale } from '../../../src/domain/locales';
import { depositAddressSchema, depositRequestSchema, pageQuerySchema } from '../../../src/domain/payments';
import { depositAddressReplySchema, depositRecordSchema, pageSchemaOf } from '../../../src/domain/wire-schemas';
import { apiRoute } from '../../http/api-route';
import { viewerOf } from '../../http/auth';
import { idempotencyKeyOf } from '../../http/idempotency';
import { Refusal } from '../../http/refusal';
import { createDeposit, depositAddress, depositAmountOf, depositsOf, depositTarget } from './service';

/** The form of POST /wallet/charge_req: its text fields (lang taken out) and the proof's bytes. */
interface DepositForm {
  fields: Record<string, string>;
  proof: Buffer | null;
}

/**
 * Reads the whole form. The PWA sends the text fields before the file, but the order is not
 * relied on. Past DEPOSIT_PROOF_MAX_BYTES toBuffer() throws FST_REQ_FILE_TOO_LARGE (413
 * upload.tooLarge); a second file or too many fields is refused by the limits.
 */
async function readDepositForm(request: FastifyRequest): Promise<DepositForm> {
  // A JSON body has no file: the same refusal as a form without one.
  if (!request.isMultipart()) throw new Refusal('deposit.proofRequired', 400, { field: 'file' });
  const form: DepositForm = { fields: {}, proof: null };
  for await (const part of request.parts({ limits: { fileSize: DEPOSIT_PROOF_MAX_BYTES, files: 1, fields: 4, parts: 5 } })) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      if (part.fieldname !== 'file') throw new Refusal('request.unknownField', 400, { params: { field: part.fieldname } });
      form.proof = bytes;
      continue;
    }
    if (part.valueTruncated || part.fieldnameTruncated) throw new AppError('request.invalid', 400);
    const value = String(part.value);
    if (part.fieldname === 'lang') {
      // Like JSON's `lang`: it chooses the language of the reply and is not an input field.
      if (isLocale(value)) request.resolvedLocale = value;
      continue;
    }
    form.fields[part.fieldname] = value;
  }
  return form;
}

export async function depositsModule(app: FastifyInstance): Promise<void> {
  const { db, clock } = app.deps;
  const { services } = app;
  const { proofs } = services;

  apiRoute(app, {
    method: 'POST',
    url: '/wallet/get_in_address',
    tag: 'deposits',
    summary: 'Where to pay for a deposit option (DepositAddressReply)',
    description: 'USDT takes network TRC20 (default, address_omni) or ERC20 (address_erc); the bank card option gives the platform account and the payment reference TSR-<invite code>.',
    auth: 'required',
    body: depositAddressSchema,
    reply: depositAddressReplySchema,
    handler: ({ body, request }) => depositAddress(db, viewerOf(request).userId, body.coinId, body.network),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/wallet/charge_req',
    tag: 'deposits',
    summary: 'Request a deposit with its payment proof (DepositRecord, status processing)',
    description:
      'Idempotency-Key header required. Multipart: text fields coinId, network (USDT: TRC20|ERC20), amount, then the file ' +
      '`file` (JPG/PNG/HEIC/WebP by content, at most 2 MB). Without a file: deposit.proofRequired.',
    auth: 'required',
    fileField: 'file',
    reply: depositRecordSchema,
    handler: async ({ request }) => {
      const { userId } = viewerOf(request);
      // The key before the upload: a request that cannot be made idempotent is not worth reading.
      const key = idempotencyKeyOf(request);
      const form = await readDepositForm(request);
      const input = depositRequestSchema.parse(form.fields);
      if (!form.proof || form.proof.length === 0) throw new Refusal('deposit.proofRequired', 400, { field: 'file' });
      const target = await depositTarget(db, input.coinId, input.network);
      const amount = depositAmountOf(input.amount, target.asset);
      const proof = await proofs.check(form.proof);

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
            return createDeposit(tx, { userId, target, amount, proof: stored, at: clock() });
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
    handler: ({ query, request }) => depositsOf(db, viewerOf(request).userId, query.page, query.pageSize),
  });
}
