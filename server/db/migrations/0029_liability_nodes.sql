-- The inner nodes of each snapshot's tree (docs/liabilities.md), level 1 up to the root: a user's
-- proof reads one sibling per level instead of building the tree again (a snapshot of 100,000
-- users has about 100,000 of them). The leaves (level 0) are liability_leaves.
CREATE TABLE liability_nodes (
  snapshot_id  bigint NOT NULL REFERENCES liability_snapshots (id) ON DELETE CASCADE,
  level        smallint NOT NULL CHECK (level >= 1),
  position     int NOT NULL,
  hash         bytea NOT NULL,
  sums         jsonb NOT NULL,
  PRIMARY KEY (snapshot_id, level, position)
);
