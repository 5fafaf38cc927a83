-- The trading hall (docs/trading.md): merchant applications, offers, orders and the matching
-- between them. Both sides of a trade hold their money in Tessera: what an offer or an order may
-- give away sits in the owner's 'trading' account from the moment it is posted, so a trade
-- settles in one transaction, with nothing to wait for from either side.

-- A user's money set aside for the hall: offers and orders. ledger:verify checks that each
-- 'trading' balance is exactly what the user's open offers and unsettled orders hold.
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_purpose_known;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_purpose_known CHECK (
  (owner_kind = 'user' AND purpose IN ('available', 'held', 'interest', 'trading'))
  OR (owner_kind = 'platform' AND purpose IN ('deposits', 'withdrawals', 'fees', 'bonus', 'exchange', 'adjustments'))
);
INSERT INTO ledger_accounts (owner_kind, user_id, asset, purpose)
SELECT 'user', u.id, a.asset, 'trading'
FROM users u CROSS JOIN (VALUES ('USDT'), ('EUR')) AS a (asset)
ON CONFLICT DO NOTHING;

-- The hall's fee, in percent with up to two decimals, taken from what the taker (the order's
-- user) receives.
INSERT INTO settings (key, value) VALUES ('trade_fee_percent', '0.2') ON CONFLICT DO NOTHING;

-- A user asks to become a merchant; an operator approves (users.is_merchant) or rejects with a
-- reason the user reads. At most one application waits at a time.
CREATE TABLE merchant_applications (
  id           bigserial PRIMARY KEY,
  user_id      uuid NOT NULL REFERENCES users (id),
  status       text NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
  reason       text,
  operator_id  uuid REFERENCES operators (id),
  created_at   timestamptz NOT NULL,
  decided_at   timestamptz,
  CHECK ((status = 'pending') = (decided_at IS NULL))
);
CREATE INDEX merchant_applications_user_idx ON merchant_applications (user_id, id DESC);
CREATE INDEX merchant_applications_status_idx ON merchant_applications (status, id);
CREATE UNIQUE INDEX merchant_applications_one_pending ON merchant_applications (user_id) WHERE status = 'pending';

-- A merchant's standing offer. side 'sell': the merchant sells USDT for EUR (holds USDT);
-- 'buy': the merchant buys USDT with EUR (holds EUR). Amounts in minor units; price in EUR for
-- one USDT, in ten-thousandths (0.9215 EUR = 9215).
--   remaining: USDT still open to orders; pending: USDT matched to orders not yet settled;
--   held: what the offer holds on the ledger for both (USDT: remaining + pending; EUR: at least
--   the EUR total of remaining + pending at the offer's price, rounded down to the cent).
-- The price of an offer with pending orders does not change (their totals were fixed with it).
CREATE TABLE trade_offers (
  id          bigserial PRIMARY KEY,
  user_id     uuid NOT NULL REFERENCES users (id),
  side        text NOT NULL CHECK (side IN ('sell', 'buy')),
  price       bigint NOT NULL CHECK (price > 0),
  quantity    bigint NOT NULL CHECK (quantity > 0),
  remaining   bigint NOT NULL CHECK (remaining >= 0),
  pending     bigint NOT NULL DEFAULT 0 CHECK (pending >= 0),
  held        bigint NOT NULL CHECK (held >= 0),
  min_amount  bigint NOT NULL CHECK (min_amount > 0),
  max_amount  bigint NOT NULL,
  status      text NOT NULL CHECK (status IN ('open', 'filled', 'withdrawn')),
  -- Counts the offer's changes: each change's ledger posting is named by it, once.
  version     integer NOT NULL DEFAULT 0,
  created_at  timestamptz NOT NULL,
  updated_at  timestamptz NOT NULL,
  CHECK (max_amount >= min_amount)
);
-- The hall: open offers of one side, best price first, then oldest.
CREATE INDEX trade_offers_hall_idx ON trade_offers (side, price, id) WHERE status = 'open';
CREATE INDEX trade_offers_user_idx ON trade_offers (user_id, id DESC);

-- A merchant's request to buy or sell an amount of USDT, at a limit price, paired by the
-- matching with another merchant's offer. side 'buy': the user buys USDT (holds EUR: the amount
-- at the limit price); 'sell': the user sells USDT (holds the amount).
--   matching → matched (price, total and fee fixed until confirm_by) → completed;
--   matching or matched → cancelled (by the user) or expired (no counterparty within 60
--   minutes, or not confirmed in time).
CREATE TABLE trade_orders (
  id            bigserial PRIMARY KEY,
  user_id       uuid NOT NULL REFERENCES users (id),
  side          text NOT NULL CHECK (side IN ('buy', 'sell')),
  amount        bigint NOT NULL CHECK (amount > 0),
  limit_price   bigint NOT NULL CHECK (limit_price > 0),
  -- What the order holds in the user's trading account (EUR for a buy, USDT for a sell).
  hold          bigint NOT NULL CHECK (hold > 0),
  status        text NOT NULL CHECK (status IN ('matching', 'matched', 'completed', 'cancelled', 'expired')),
  offer_id      bigint REFERENCES trade_offers (id),
  merchant_id   uuid REFERENCES users (id),
  price         bigint,
  -- EUR: amount × price, rounded down to the cent.
  total         bigint,
  -- Taken from what the user receives (USDT for a buy, EUR for a sell), at the fee rate of the match.
  fee           bigint,
  fee_percent   text,
  -- Whether the order had been matched when it was cancelled (the day's cancel limit counts these).
  was_matched   boolean NOT NULL DEFAULT false,
  created_at    timestamptz NOT NULL,
  expires_at    timestamptz NOT NULL,
  matched_at    timestamptz,
  confirm_by    timestamptz,
  ended_at      timestamptz,
  -- A match fixes offer, price, total and fee for good: a matched order that is cancelled or
  -- expires keeps them (and counts as matched for the day's cancel limit and the merchant's rate).
  CHECK (was_matched = (offer_id IS NOT NULL AND merchant_id IS NOT NULL AND price IS NOT NULL AND total IS NOT NULL AND fee IS NOT NULL)),
  CHECK (status NOT IN ('matched', 'completed') OR was_matched)
);
CREATE INDEX trade_orders_user_idx ON trade_orders (user_id, id DESC);
-- The day's orders of a user (the VIP daily count, the cancel limit): today's rows only.
CREATE INDEX trade_orders_user_day_idx ON trade_orders (user_id, created_at);
CREATE INDEX trade_orders_merchant_idx ON trade_orders (merchant_id, id DESC) WHERE merchant_id IS NOT NULL;
CREATE INDEX trade_orders_offer_idx ON trade_orders (offer_id) WHERE status = 'matched';
-- Waiting orders, oldest first: the matching and the expiry job read these.
CREATE INDEX trade_orders_matching_idx ON trade_orders (side, id) WHERE status = 'matching';
CREATE INDEX trade_orders_confirm_idx ON trade_orders (confirm_by) WHERE status = 'matched';
