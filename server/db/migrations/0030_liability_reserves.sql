-- What the operator declares it holds against the users' balances (issue 38; docs/liabilities.md),
-- per asset, with its evidence (a wallet address, a bank statement's reference). Declared, not
-- proven: the app labels it so. Each declaration is kept; the newest per asset is the one shown.
CREATE TABLE liability_reserves (
  id           bigserial PRIMARY KEY,
  asset        text NOT NULL CHECK (asset IN ('EUR', 'USDT')),
  amount       numeric(38, 0) NOT NULL CHECK (amount >= 0),
  evidence     text NOT NULL,
  declared_at  timestamptz NOT NULL,
  operator_id  uuid NOT NULL REFERENCES operators (id)
);
CREATE INDEX liability_reserves_asset_idx ON liability_reserves (asset, declared_at DESC, id DESC);

-- Which transfers a snapshot includes, exactly: its transaction's snapshot (pg_current_snapshot()).
-- The last transfer's id alone does not say it when money calls commit out of id order: a
-- transfer with a lower id may commit after the snapshot was read. A transfer is in the snapshot
-- when pg_visible_in_snapshot(its xmin, this) (docs/liabilities.md).
ALTER TABLE liability_snapshots ADD COLUMN ledger_snapshot text;
