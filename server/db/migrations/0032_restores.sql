-- Each restore of a backup into this database (issue 39; `npm run ops -- restore`,
-- docs/operations.md): when, from which file, and what the ledger's check said right after. The
-- server refuses to start while the newest restore's ledger did not verify, unless
-- ALLOW_UNVERIFIED_RESTORE=true.
CREATE TABLE restores (
  id           bigserial PRIMARY KEY,
  restored_at  timestamptz NOT NULL DEFAULT now(),
  source       text NOT NULL,
  ledger_ok    boolean NOT NULL,
  problems     integer NOT NULL CHECK (problems >= 0)
);
