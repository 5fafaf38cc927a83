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

-- Each level of a snapshot's tree as one value: its nodes in order, 64 bytes each (the hash, then
-- the EUR and USDT sums as 16-byte unsigned big-endian integers, as they are hashed). Level 0 are
-- the leaves. Kept uncompressed out of line (STORAGE EXTERNAL), so that a user's proof reads its
-- 64-byte slices (substring) without reading the level: 18 values for 100,000 users instead of
-- 200,000 rows, which took most of a snapshot's time to write.
CREATE TABLE liability_levels (
  snapshot_id  bigint NOT NULL REFERENCES liability_snapshots (id) ON DELETE CASCADE,
  level        smallint NOT NULL CHECK (level >= 0),
  nodes        bytea NOT NULL,
  PRIMARY KEY (snapshot_id, level)
);
ALTER TABLE liability_levels ALTER COLUMN nodes SET STORAGE EXTERNAL;

-- The snapshots taken before: their leaves and nodes as levels (sums fit bigint: they are ledger amounts).
INSERT INTO liability_levels (snapshot_id, level, nodes)
SELECT snapshot_id, 0, string_agg(hash || decode(lpad(to_hex((sums ->> 'EUR')::bigint), 32, '0'), 'hex') || decode(lpad(to_hex((sums ->> 'USDT')::bigint), 32, '0'), 'hex'), ''::bytea ORDER BY position)
FROM liability_leaves GROUP BY snapshot_id;
INSERT INTO liability_levels (snapshot_id, level, nodes)
SELECT snapshot_id, level, string_agg(hash || decode(lpad(to_hex((sums ->> 'EUR')::bigint), 32, '0'), 'hex') || decode(lpad(to_hex((sums ->> 'USDT')::bigint), 32, '0'), 'hex'), ''::bytea ORDER BY position)
FROM liability_nodes GROUP BY snapshot_id, level;
DROP TABLE liability_nodes;

-- A leaf row keeps what only its owner's proof needs: the nonce and the 12 amounts (EUR then USDT,
-- each available, held, interest, trading, pledged, collateral), as integers; its hash and sums
-- are in level 0.
ALTER TABLE liability_leaves DROP COLUMN hash, DROP COLUMN sums;
ALTER TABLE liability_leaves ALTER COLUMN balances TYPE bigint[] USING ARRAY[
  (balances -> 'EUR' ->> 'available')::bigint, (balances -> 'EUR' ->> 'held')::bigint, (balances -> 'EUR' ->> 'interest')::bigint,
  (balances -> 'EUR' ->> 'trading')::bigint, (balances -> 'EUR' ->> 'pledged')::bigint, (balances -> 'EUR' ->> 'collateral')::bigint,
  (balances -> 'USDT' ->> 'available')::bigint, (balances -> 'USDT' ->> 'held')::bigint, (balances -> 'USDT' ->> 'interest')::bigint,
  (balances -> 'USDT' ->> 'trading')::bigint, (balances -> 'USDT' ->> 'pledged')::bigint, (balances -> 'USDT' ->> 'collateral')::bigint];
