-- What an account is (its owner, asset, purpose and shard) is checked when it is written, not at
-- every change of its balance (issue 40). PostgreSQL reads and prepares every CHECK constraint of a
-- table anew at each UPDATE statement, whichever columns it changes; a posting's one UPDATE of
-- ledger_accounts spent a tenth of PostgreSQL's time on the five constraints about these columns
-- (8.7 KB of stored expression, the purposes' list the largest), which no posting ever changes.
-- A trigger that fires only when one of them is written (INSERT, or an UPDATE naming one of the
-- columns) refuses the same rows with the same names; the balance's own check stays a CHECK,
-- evaluated at every change as before (docs/performance.md, "The fifteenth session"). A migration
-- that adds a purpose replaces this function, as earlier ones replaced the purposes' constraint.
ALTER TABLE ledger_accounts
  DROP CONSTRAINT ledger_accounts_owner_kind_check,
  DROP CONSTRAINT ledger_accounts_asset_check,
  DROP CONSTRAINT ledger_accounts_check,
  DROP CONSTRAINT ledger_accounts_purpose_known,
  DROP CONSTRAINT ledger_accounts_shard_known;

CREATE FUNCTION ledger_account_known() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  broken text;
BEGIN
  IF NEW.owner_kind IS DISTINCT FROM 'user' AND NEW.owner_kind IS DISTINCT FROM 'platform' THEN
    broken := 'ledger_accounts_owner_kind_check';
  ELSIF NEW.asset IS DISTINCT FROM 'USDT' AND NEW.asset IS DISTINCT FROM 'EUR' THEN
    broken := 'ledger_accounts_asset_check';
  ELSIF (NEW.owner_kind = 'user') <> (NEW.user_id IS NOT NULL) THEN
    broken := 'ledger_accounts_check';
  ELSIF NOT ((NEW.owner_kind = 'user' AND NEW.purpose IN ('available', 'held', 'interest', 'trading', 'pledged', 'collateral'))
          OR (NEW.owner_kind = 'platform' AND NEW.purpose IN ('deposits', 'withdrawals', 'fees', 'bonus', 'exchange', 'adjustments', 'interest', 'loans'))) THEN
    broken := 'ledger_accounts_purpose_known';
  ELSIF NOT (NEW.shard >= 0 AND NEW.shard < 16 AND (NEW.owner_kind = 'platform' OR NEW.shard = 0)) THEN
    broken := 'ledger_accounts_shard_known';
  END IF;
  IF broken IS NOT NULL THEN
    RAISE EXCEPTION 'new row for relation "ledger_accounts" violates check constraint "%"', broken
      USING ERRCODE = 'check_violation', CONSTRAINT = broken, TABLE = 'ledger_accounts';
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER ledger_accounts_known BEFORE INSERT OR UPDATE OF owner_kind, user_id, asset, purpose, shard ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_account_known();
