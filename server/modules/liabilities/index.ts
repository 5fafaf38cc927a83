/** Proof of liabilities (issue 38; docs/liabilities.md). */
export { createLiabilities } from './snapshots';
