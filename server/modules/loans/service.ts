/**
 * Loans (docs/loans.md). A user uploads identity images one by one (JPG, PNG or HEIC by
 * content, ≤ 2 MB), then applies with the images' ids: the figures are fixed at application.
 * An operator approves (paid out from the platform's loans account; a principal loan also holds
 * its amount from the balance as collateral) or rejects (with a reason, or none). "Repay now"
 * holds the total from the balance and waits for review; the operator confirms (principal back to
 * the loans account, interest to fees, collateral released) or refuses (the hold returns: failed).
 * One loan not yet ended per user. Identity images are read only by their owner and operators,
 * and removed a stated time after their loan ended (unused ones after a day).
 *
 * The service is built once (app.services.loans) from its parts: borrowers.ts (the user's calls)
 * and decisions.ts (the operator's); rows.ts holds what they share.
 */
import { sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import { queueLengthOf } from '../../db/pages';
import type { Db } from '../../db/client';
import type { ImageStore } from '../../storage/image-store';
import { borrowerCalls } from './borrowers';
import { operatorCalls } from './decisions';

export { loanDocumentStoreOf } from './rows';
export { createLoanWatch } from './watch';
export { startLoanWatch } from './job';

export function createLoans(db: Db, clock: Clock, documents: ImageStore) {
  const deps = { db, clock, documents };
  return {
    ...borrowerCalls(deps),
    ...operatorCalls(deps),
    /** GET /ops/queues: the applications awaiting a decision. */
    applicationsWaiting: () => queueLengthOf(db, 'loans', sql`status = 'pending'`),
    /** GET /ops/queues: the repayments awaiting confirmation, the oldest by when it was asked for. */
    repaymentsWaiting: () => queueLengthOf(db, 'loans', sql`status = 'repaying'`, 'repay_requested_at'),
  };
}

