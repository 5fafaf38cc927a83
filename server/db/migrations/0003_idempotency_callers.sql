-- Idempotency keys of different callers live apart. An account's keys were one namespace shared by
-- the account holder and the operators acting on it (an operator's key was stored as
-- "ops:<operatorId>:<key>"), so a user could send the key "ops:<id>:K" and block that operator's
-- correction with key K. Now `caller` is 'user' for the holder's own calls and
-- 'operator:<operatorId>' for an operator's.
ALTER TABLE idempotency_keys ADD COLUMN caller text NOT NULL DEFAULT 'user';

-- Keys operators already used keep working for a retry: they move to their operator's namespace.
UPDATE idempotency_keys
   SET caller = 'operator:' || split_part(key, ':', 2),
       key = substr(key, length('ops:' || split_part(key, ':', 2) || ':') + 1)
 WHERE route = 'POST /api/ops/adjustments' AND key LIKE 'ops:%:%';

ALTER TABLE idempotency_keys DROP CONSTRAINT idempotency_keys_pkey;
ALTER TABLE idempotency_keys ADD PRIMARY KEY (user_id, caller, key);
