-- Each account's revision, raised by every statement that posts to it (server/ledger/transfers.ts),
-- in the same UPDATE that changes its balance (issue 40). A user's revision, the sum over their
-- accounts, changes with every posting on any of them and never comes back to an earlier value: the
-- pages of their records (asset log, fund record) kept by a server process are served for as long
-- as it is unchanged (server/modules/records/kept-pages.ts). Not a count of anything: a posting of
-- several transfers to one account raises it once.
ALTER TABLE ledger_accounts ADD COLUMN revision bigint NOT NULL DEFAULT 0;
