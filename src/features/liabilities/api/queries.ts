/**
 * The proof of liabilities' reads. The public page is everyone's; a proof is the signed-in user's,
 * one per snapshot, kept in the device's copy of the cache (a week), so that the last proofs open
 * and verify offline.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountKey, publicKey, useAccountQuery } from '../../../api/query';
import { liabilitiesPage, myLiabilityProof } from './calls';

export const liabilitiesQuery = queryOptions({
  queryKey: publicKey('liabilities'),
  queryFn: ({ signal }) => liabilitiesPage({ signal, quiet: true }),
});
export const useLiabilities = () => useQuery(liabilitiesQuery);

/** The proof in the snapshot named, or (none named) in the newest that holds the user. */
export const myProofQuery = (snapshot: string | undefined) => (userId: string) =>
  queryOptions({
    queryKey: accountKey(userId, 'liabilityProof', snapshot ?? 'newest'),
    queryFn: ({ signal }) => myLiabilityProof(snapshot ? { snapshot } : {}, { signal, quiet: true }),
  });
export const useMyProof = (snapshot: string | undefined) => useAccountQuery(myProofQuery(snapshot));
