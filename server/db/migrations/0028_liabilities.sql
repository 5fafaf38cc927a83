-- Proof of liabilities (issue 38; docs/liabilities.md). The platform's Ed25519 key that signs each
-- snapshot's root: made once by the first process to need it, its private half sealed under
-- SECRETS_KEY like the authenticator secrets.
CREATE TABLE liability_keys (
  id              int PRIMARY KEY CHECK (id = 1),
  public_key      bytea NOT NULL,
  private_sealed  bytea NOT NULL,
  created_at      timestamptz NOT NULL
);

-- One snapshot of every user's balances at one ledger position (the last transfer it includes).
-- The daily one names its day (one per day, whichever process takes it); an operator's has none.
-- A snapshot whose totals the ledger's own check does not confirm is kept, unpublished, with why.
CREATE TABLE liability_snapshots (
  id               bigserial PRIMARY KEY,
  day              date UNIQUE,
  taken_at         timestamptz NOT NULL,
  ledger_position  bigint NOT NULL,
  leaf_count       int NOT NULL,
  root             bytea NOT NULL,
  totals           jsonb NOT NULL,
  signature        bytea NOT NULL,
  public_key       bytea NOT NULL,
  published        boolean NOT NULL,
  problem          text,
  requested_by     uuid REFERENCES operators (id)
);
CREATE INDEX liability_snapshots_published_idx ON liability_snapshots (taken_at DESC) WHERE published;

-- Its leaves in the tree's (shuffled) order: whose, the nonce, the balances per asset and purpose,
-- and the leaf's hash and sums, from which any user's path is made again.
CREATE TABLE liability_leaves (
  snapshot_id  bigint NOT NULL REFERENCES liability_snapshots (id) ON DELETE CASCADE,
  position     int NOT NULL,
  -- A deleted account's leaf stays in its tree (the others' paths are made from it), without an owner.
  user_id      uuid REFERENCES users (id) ON DELETE SET NULL,
  nonce        bytea NOT NULL,
  balances     jsonb NOT NULL,
  hash         bytea NOT NULL,
  sums         jsonb NOT NULL,
  PRIMARY KEY (snapshot_id, position)
);
CREATE INDEX liability_leaves_user_idx ON liability_leaves (user_id, snapshot_id);
