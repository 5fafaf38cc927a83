/** The proof of liabilities' calls (docs/liabilities.md): the public page and the user's own proof. */
import { ask, send } from '../../../api/calls';
import type { LiabilitiesReply, MyLiabilityProof } from '../../../domain/wire';

export const liabilitiesPage = ask<LiabilitiesReply>('GET', '/liabilities');
export const myLiabilityProof = send<{ snapshot?: string }, MyLiabilityProof>('GET', '/liabilities/mine');
