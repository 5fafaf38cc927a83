-- Every posting rewrites the balance of the accounts it moves. With room left on each page the
-- new row version stays on its page and no index changes (a HOT update: balance is in no index),
-- so a posting writes less and the indexes do not bloat. Pages written from now on keep the room.
ALTER TABLE ledger_accounts SET (fillfactor = 70);
