-- Each platform account becomes sixteen rows of the same asset and purpose, its shards (issue 40).
-- Every conversion credits the platform's exchange and fees accounts and debits the other asset's
-- exchange account; every trade's settlement credits the fees account. With one row each, those
-- postings queued on the row's lock, each holding it until its COMMIT was on disk, so conversions
-- and settlements went one at a time at the disk's flush rate whatever the number of clients
-- (docs/performance.md, "The fifteenth session"). A posting now takes the shard of its database
-- connection (server/ledger/transfers.ts: pg_backend_pid() % 16), so postings on different
-- connections change different rows and commit together.
--
-- Nothing else changes: every shard is an account with its own postings, so each still equals
-- the sum of its transfers (ledger:verify checks them one by one) and the assets still sum to
-- zero; what the platform holds for a purpose is the sum of its shards (every reader sums by
-- asset and purpose: server/ledger/accounts.ts balanceTotals, modules/records/totals.ts). A
-- platform account may go below zero, so a shard may too; user accounts keep one row each.
ALTER TABLE ledger_accounts ADD COLUMN shard smallint NOT NULL DEFAULT 0;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_shard_known
  CHECK (shard >= 0 AND shard < 16 AND (owner_kind = 'platform' OR shard = 0));

DROP INDEX ledger_accounts_platform_key;
CREATE UNIQUE INDEX ledger_accounts_platform_key ON ledger_accounts (asset, purpose, shard) WHERE owner_kind = 'platform';

-- The existing row of each platform account is its shard 0 and keeps its balance and postings.
INSERT INTO ledger_accounts (owner_kind, asset, purpose, shard)
SELECT 'platform', a.asset, a.purpose, s.shard
FROM ledger_accounts a CROSS JOIN generate_series(1, 15) AS s (shard)
WHERE a.owner_kind = 'platform' AND a.shard = 0
ORDER BY a.id, s.shard
ON CONFLICT DO NOTHING;
