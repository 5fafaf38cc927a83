-- Money: the double-entry ledger, idempotency keys, deposits, withdrawals, bank bindings,
-- conversions, VIP levels, operators and their audit trail.

-- Every user account purpose and every platform account exists up front: a posting never has
-- to create an account, so it is one statement.
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_purpose_known CHECK (
  (owner_kind = 'user' AND purpose IN ('available', 'held', 'interest'))
  OR (owner_kind = 'platform' AND purpose IN ('deposits', 'withdrawals', 'fees', 'bonus', 'exchange', 'adjustments'))
);

INSERT INTO ledger_accounts (owner_kind, user_id, asset, purpose)
SELECT 'user', u.id, a.asset, p.purpose
FROM users u
CROSS JOIN (VALUES ('USDT'), ('EUR')) AS a (asset)
CROSS JOIN (VALUES ('available'), ('held'), ('interest')) AS p (purpose)
ON CONFLICT DO NOTHING;

INSERT INTO ledger_accounts (owner_kind, asset, purpose)
SELECT 'platform', a.asset, p.purpose
FROM (VALUES ('USDT'), ('EUR')) AS a (asset)
CROSS JOIN (VALUES ('deposits'), ('withdrawals'), ('fees'), ('bonus'), ('exchange'), ('adjustments')) AS p (purpose)
ON CONFLICT DO NOTHING;

-- Operators are not users: their own table, password (argon2id) and TOTP secret.
CREATE TABLE operators (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  username       text NOT NULL,
  password_hash  text NOT NULL,
  -- Base32 TOTP secret (RFC 6238). Every sign-in needs a current code from it.
  totp_secret    text NOT NULL,
  role           text NOT NULL CHECK (role IN ('finance', 'support', 'admin')),
  disabled       boolean NOT NULL DEFAULT false,
  -- The last accepted TOTP time step: a code is accepted once only.
  last_totp_step bigint NOT NULL DEFAULT 0,
  created_at     timestamptz NOT NULL
);
CREATE UNIQUE INDEX operators_username_key ON operators (lower(username));

CREATE TABLE operator_sessions (
  id           bigserial PRIMARY KEY,
  token_hash   bytea NOT NULL UNIQUE,
  operator_id  uuid NOT NULL REFERENCES operators (id),
  expires_at   timestamptz NOT NULL,
  revoked_at   timestamptz,
  created_at   timestamptz NOT NULL
);

-- A transfer moves `amount` of one asset from the debit account to the credit account.
-- balance(account) = sum(credits) - sum(debits), so per asset all balances sum to zero.
CREATE TABLE ledger_transfers (
  id                 bigserial PRIMARY KEY,
  asset              text NOT NULL CHECK (asset IN ('USDT', 'EUR')),
  amount             bigint NOT NULL CHECK (amount > 0),
  debit_account_id   bigint NOT NULL REFERENCES ledger_accounts (id),
  credit_account_id  bigint NOT NULL REFERENCES ledger_accounts (id),
  kind               text NOT NULL,
  -- What the transfer belongs to, e.g. "deposit:42"; shown to the user in the asset log.
  reference          text NOT NULL,
  -- Once per business event: a second posting of the same event is refused by this index.
  idempotency_key    text NOT NULL UNIQUE,
  -- Operator adjustments and reversals say why; approvals carry the operator.
  reason             text,
  operator_id        uuid REFERENCES operators (id),
  created_at         timestamptz NOT NULL,
  CHECK (debit_account_id <> credit_account_id)
);
CREATE INDEX ledger_transfers_debit_idx ON ledger_transfers (debit_account_id, id);
CREATE INDEX ledger_transfers_credit_idx ON ledger_transfers (credit_account_id, id);

-- Transfers are history: corrections are new transfers, never edits.
CREATE FUNCTION ledger_transfers_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger transfers are immutable: post a correcting transfer instead' USING ERRCODE = 'P0001';
END;
$$;
CREATE TRIGGER ledger_transfers_no_update BEFORE UPDATE OR DELETE ON ledger_transfers
  FOR EACH ROW EXECUTE FUNCTION ledger_transfers_immutable();
CREATE TRIGGER ledger_transfers_no_truncate BEFORE TRUNCATE ON ledger_transfers
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_transfers_immutable();

-- Idempotency-Key of money calls: the first reply is kept and replayed (at least 24 h).
CREATE TABLE idempotency_keys (
  user_id       uuid NOT NULL REFERENCES users (id),
  key           text NOT NULL,
  route         text NOT NULL,
  fingerprint   bytea NOT NULL,
  state         text NOT NULL CHECK (state IN ('running', 'done')),
  status        integer,
  reply         jsonb,
  created_at    timestamptz NOT NULL,
  -- A 'running' key whose process died is taken over after this moment.
  locked_until  timestamptz NOT NULL,
  PRIMARY KEY (user_id, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);

CREATE TABLE deposits (
  id           bigserial PRIMARY KEY,
  user_id      uuid NOT NULL REFERENCES users (id),
  coin_id      integer NOT NULL REFERENCES coins (id),
  network      text,
  asset        text NOT NULL CHECK (asset IN ('USDT', 'EUR')),
  amount       bigint NOT NULL CHECK (amount > 0),
  -- Where the user was told to pay, as shown at the time.
  address      text NOT NULL,
  -- Bank deposits: the payment reference the user puts on the transfer.
  reference    text NOT NULL,
  proof        text NOT NULL,
  status       text NOT NULL CHECK (status IN ('processing', 'success', 'failed')),
  -- Value in USDT minor units counted towards VIP levels, fixed at approval.
  usdt_value   bigint,
  bonus        bigint,
  reason       text,
  operator_id  uuid REFERENCES operators (id),
  decided_at   timestamptz,
  created_at   timestamptz NOT NULL
);
CREATE INDEX deposits_user_idx ON deposits (user_id, id DESC);
CREATE INDEX deposits_status_idx ON deposits (status, id);

CREATE TABLE bank_bindings (
  user_id     uuid PRIMARY KEY REFERENCES users (id),
  first_name  text NOT NULL,
  last_name   text NOT NULL,
  iban        text NOT NULL,
  swift       text NOT NULL,
  bank_name   text NOT NULL,
  country     text NOT NULL,
  address     text NOT NULL,
  updated_at  timestamptz NOT NULL
);

CREATE TABLE withdrawals (
  id           bigserial PRIMARY KEY,
  user_id      uuid NOT NULL REFERENCES users (id),
  method       text NOT NULL CHECK (method IN ('crypto', 'bank')),
  asset        text NOT NULL CHECK (asset IN ('USDT', 'EUR')),
  network      text,
  -- Crypto address, or the bank account (IBAN with holder) as bound at the time of the request.
  destination  text NOT NULL,
  amount       bigint NOT NULL CHECK (amount > 0),
  fee          bigint NOT NULL CHECK (fee >= 0 AND fee < amount),
  status       text NOT NULL CHECK (status IN ('processing', 'completed', 'cancelled')),
  -- Operator's transaction reference (hash or bank reference) on completion, reason on cancel.
  tx_reference text,
  reason       text,
  operator_id  uuid REFERENCES operators (id),
  decided_at   timestamptz,
  created_at   timestamptz NOT NULL
);
CREATE INDEX withdrawals_user_idx ON withdrawals (user_id, id DESC);
CREATE INDEX withdrawals_status_idx ON withdrawals (status, id);

-- A conversion quote: what the user saw is what is executed, or nothing.
CREATE TABLE conversion_quotes (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id      uuid NOT NULL REFERENCES users (id),
  from_asset   text NOT NULL CHECK (from_asset IN ('USDT', 'EUR')),
  to_asset     text NOT NULL CHECK (to_asset IN ('USDT', 'EUR')),
  amount       bigint NOT NULL CHECK (amount > 0),
  fee          bigint NOT NULL CHECK (fee >= 0),
  receive      bigint NOT NULL CHECK (receive > 0),
  rate         text NOT NULL,
  fee_percent  text NOT NULL,
  expires_at   timestamptz NOT NULL,
  used_at      timestamptz,
  created_at   timestamptz NOT NULL,
  CHECK (from_asset <> to_asset)
);
CREATE INDEX conversion_quotes_user_idx ON conversion_quotes (user_id, created_at DESC);

CREATE TABLE conversions (
  id          bigserial PRIMARY KEY,
  user_id     uuid NOT NULL REFERENCES users (id),
  quote_id    uuid NOT NULL UNIQUE REFERENCES conversion_quotes (id),
  from_asset  text NOT NULL,
  to_asset    text NOT NULL,
  amount      bigint NOT NULL,
  fee         bigint NOT NULL,
  receive     bigint NOT NULL,
  rate        text NOT NULL,
  created_at  timestamptz NOT NULL
);
CREATE INDEX conversions_user_idx ON conversions (user_id, id DESC);

CREATE TABLE vip_levels (
  level           integer PRIMARY KEY CHECK (level >= 0),
  -- Cumulative confirmed deposits, USDT minor units, to reach this level.
  upgrade_amount  bigint NOT NULL CHECK (upgrade_amount >= 0),
  -- Bonus on each approved deposit, in basis points (100 = 1 %).
  gift_bps        integer NOT NULL CHECK (gift_bps >= 0 AND gift_bps <= 10000),
  daily_orders    integer NOT NULL CHECK (daily_orders >= 0)
);
INSERT INTO vip_levels (level, upgrade_amount, gift_bps, daily_orders) VALUES
  (0, 0, 0, 3),
  (1, 1000000000, 100, 5),
  (2, 5000000000, 150, 10),
  (3, 20000000000, 200, 20),
  (4, 100000000000, 300, 50)
ON CONFLICT DO NOTHING;

-- Who did what, when and why. Written in the same transaction as the action.
CREATE TABLE audit_log (
  id           bigserial PRIMARY KEY,
  operator_id  uuid NOT NULL REFERENCES operators (id),
  action       text NOT NULL,
  subject      text NOT NULL,
  user_id      uuid REFERENCES users (id),
  reason       text,
  details      jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at   timestamptz NOT NULL
);
CREATE INDEX audit_log_user_idx ON audit_log (user_id, id DESC);
CREATE INDEX audit_log_created_idx ON audit_log (id DESC);

CREATE FUNCTION audit_log_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit log is append-only' USING ERRCODE = 'P0001';
END;
$$;
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_immutable();

-- Money settings operators adjust (withdrawal minimums and fees, conversion fee); see settings.ts.
INSERT INTO settings (key, value) VALUES
  ('withdraw_min_usdt', '10'),
  ('withdraw_fee_usdt', '1'),
  ('withdraw_min_eur', '10'),
  ('withdraw_fee_eur', '1'),
  ('transfer_fee_percent', '0.5')
ON CONFLICT DO NOTHING;
