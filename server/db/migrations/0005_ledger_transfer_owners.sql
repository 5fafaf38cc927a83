-- A transfer carries the users whose accounts it moves (null for a platform account), so that a
-- user's postings are one index range per side instead of one per account: the asset log reads a
-- page in two backward index scans and counts in two, however many accounts the user has
-- (available, held, interest, per asset). The posting statement (server/ledger/transfers.ts) fills
-- them from the same lookup that finds the accounts; ledger:verify checks they name the owners.
-- No foreign key of their own (each would be one more lookup per posting): they are the owners of
-- the accounts the transfer's foreign keys name.
ALTER TABLE ledger_transfers ADD COLUMN debit_user_id uuid, ADD COLUMN credit_user_id uuid;

-- The postings made before: the only update transfers ever get, so the immutability trigger is
-- off for it, inside this migration's transaction.
ALTER TABLE ledger_transfers DISABLE TRIGGER ledger_transfers_no_update;
UPDATE ledger_transfers t SET debit_user_id = d.user_id, credit_user_id = c.user_id
FROM ledger_accounts d, ledger_accounts c
WHERE d.id = t.debit_account_id AND c.id = t.credit_account_id AND (d.user_id IS NOT NULL OR c.user_id IS NOT NULL);
ALTER TABLE ledger_transfers ENABLE TRIGGER ledger_transfers_no_update;

-- One index per side for each kind of owner, so a posting writes as many index entries as
-- before: a user's side goes into the user index, a platform account's side into the account
-- index (which now holds platform accounts' postings only).
DROP INDEX ledger_transfers_debit_idx;
DROP INDEX ledger_transfers_credit_idx;
CREATE INDEX ledger_transfers_debit_user_idx ON ledger_transfers (debit_user_id, id) WHERE debit_user_id IS NOT NULL;
CREATE INDEX ledger_transfers_credit_user_idx ON ledger_transfers (credit_user_id, id) WHERE credit_user_id IS NOT NULL;
CREATE INDEX ledger_transfers_debit_platform_idx ON ledger_transfers (debit_account_id, id) WHERE debit_user_id IS NULL;
CREATE INDEX ledger_transfers_credit_platform_idx ON ledger_transfers (credit_account_id, id) WHERE credit_user_id IS NULL;
