-- The pledge (lock-up staking, docs/pledge.md): operators' products, users' orders, the interest
-- each order earns per day, and the days the payout job has paid.

-- 'pledged': a user's money locked in a pledge order (ledger:verify checks it equals the user's
-- running orders). Platform 'interest': the interest the platform pays out (it goes negative).
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_purpose_known;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_purpose_known CHECK (
  (owner_kind = 'user' AND purpose IN ('available', 'held', 'interest', 'trading', 'pledged'))
  OR (owner_kind = 'platform' AND purpose IN ('deposits', 'withdrawals', 'fees', 'bonus', 'exchange', 'adjustments', 'interest'))
);
INSERT INTO ledger_accounts (owner_kind, user_id, asset, purpose)
SELECT 'user', u.id, a.asset, 'pledged'
FROM users u CROSS JOIN (VALUES ('USDT'), ('EUR')) AS a (asset)
ON CONFLICT DO NOTHING;
INSERT INTO ledger_accounts (owner_kind, asset, purpose)
SELECT 'platform', a.asset, 'interest'
FROM (VALUES ('USDT'), ('EUR')) AS a (asset)
ON CONFLICT DO NOTHING;

-- What a user can pledge in. Rates in parts per million (0.03 % a day = 300). A change applies
-- to orders started afterwards: an order keeps the terms it started with.
CREATE TABLE pledge_products (
  id           serial PRIMARY KEY,
  asset        text NOT NULL CHECK (asset IN ('USDT', 'EUR')),
  min_amount   bigint NOT NULL CHECK (min_amount > 0),
  daily_ppm    bigint NOT NULL CHECK (daily_ppm > 0 AND daily_ppm <= 1000000),
  lock_days    integer NOT NULL CHECK (lock_days BETWEEN 1 AND 3650),
  penalty_ppm  bigint NOT NULL CHECK (penalty_ppm BETWEEN 0 AND 1000000),
  active       boolean NOT NULL DEFAULT true,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
INSERT INTO pledge_products (asset, min_amount, daily_ppm, lock_days, penalty_ppm) VALUES
  ('USDT', 100000000, 200, 7, 10000),
  ('USDT', 100000000, 300, 30, 20000),
  ('USDT', 500000000, 400, 90, 30000);

-- A user's pledge: the amount sits in their 'pledged' account from start to end. It is paid at
-- every payout time after started_at up to and including ends_at (lock_days times); at ends_at
-- the principal returns ('completed'). Redeemed early, the principal less the penalty returns at
-- ended_at ('redeemed') and no later day is paid. At most one order of a user runs at a time.
CREATE TABLE pledge_orders (
  id           bigserial PRIMARY KEY,
  user_id      uuid NOT NULL REFERENCES users (id),
  product_id   integer NOT NULL REFERENCES pledge_products (id),
  asset        text NOT NULL CHECK (asset IN ('USDT', 'EUR')),
  amount       bigint NOT NULL CHECK (amount > 0),
  daily_ppm    bigint NOT NULL,
  lock_days    integer NOT NULL,
  penalty_ppm  bigint NOT NULL,
  status       text NOT NULL CHECK (status IN ('active', 'completed', 'redeemed')),
  penalty      bigint CHECK (penalty >= 0),
  started_at   timestamptz NOT NULL,
  ends_at      timestamptz NOT NULL,
  ended_at     timestamptz,
  CHECK ((status = 'active') = (ended_at IS NULL)),
  CHECK ((status = 'redeemed') = (penalty IS NOT NULL))
);
CREATE UNIQUE INDEX pledge_orders_one_active ON pledge_orders (user_id) WHERE status = 'active';
CREATE INDEX pledge_orders_user_idx ON pledge_orders (user_id, id DESC);
CREATE INDEX pledge_orders_active_idx ON pledge_orders (ends_at) WHERE status = 'active';

-- One row per order and day paid: the primary key is what makes a day's interest once only.
CREATE TABLE pledge_interest (
  id        bigserial UNIQUE,
  order_id  bigint NOT NULL REFERENCES pledge_orders (id),
  day       date NOT NULL,
  user_id   uuid NOT NULL REFERENCES users (id),
  asset     text NOT NULL,
  amount    bigint NOT NULL CHECK (amount > 0),
  paid_at   timestamptz NOT NULL,
  PRIMARY KEY (order_id, day)
);
CREATE INDEX pledge_interest_user_idx ON pledge_interest (user_id, id DESC);
CREATE INDEX pledge_interest_day_idx ON pledge_interest (day);

-- The days the payout job has paid, so that a restart or a second process pays a day once and
-- catches up the days it missed.
CREATE TABLE pledge_payout_days (
  day      date PRIMARY KEY,
  orders   integer NOT NULL,
  paid_at  timestamptz NOT NULL
);
