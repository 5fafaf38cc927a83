/**
 * The proof of liabilities' calls (docs/liabilities.md): the public page's published roots and
 * declared reserves, and a signed-in user's own proof.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { liabilitiesReplySchema, myLiabilityProofSchema } from '../../../src/domain/wire-schemas';
import { apiRoute, noInput } from '../../http/api-route';
import { viewerOf } from '../../http/auth';

const snapshotQuerySchema = z.strictObject({
  snapshot: z.string().regex(/^\d{1,18}$/, 'liabilities.snapshotNotFound').optional(),
});

export async function liabilitiesModule(app: FastifyInstance): Promise<void> {
  const liabilities = app.services.liabilities;

  apiRoute(app, {
    method: 'GET',
    url: '/liabilities',
    tag: 'liabilities',
    summary: 'The published snapshots of what users are owed (signed Merkle sum roots), the signing key, and the reserves the operator declares (not proven)',
    auth: 'none',
    query: noInput,
    reply: liabilitiesReplySchema,
    handler: () => liabilities.overview(),
  });

  apiRoute(app, {
    method: 'GET',
    url: '/liabilities/mine',
    refusals: { 404: ['liabilities.snapshotNotFound'] },
    tag: 'liabilities',
    summary: "The user's proof (leaf, nonce, path, signed root) in the newest published snapshot that holds them, or in the one named; the documented file",
    auth: 'required',
    query: snapshotQuerySchema,
    reply: myLiabilityProofSchema,
    handler: async ({ query, request }) => ({ proof: await liabilities.proofOf(viewerOf(request).userId, query.snapshot) }),
  });
}
