-- Foundation: accounts, sessions, verification codes, lockouts, configured coins and settings,
-- and the ledger accounts every user gets at registration (balances move in the next issue).

CREATE TABLE users (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  username          text NOT NULL,
  phone             text,
  email             text,
  password_hash     text NOT NULL,
  pay_password_hash text,
  invite_code       text NOT NULL,
  invited_by        uuid REFERENCES users (id),
  nickname          text NOT NULL,
  avatar            text,
  locale            text NOT NULL DEFAULT 'en',
  is_merchant       boolean NOT NULL DEFAULT false,
  vip_level         integer NOT NULL DEFAULT 0 CHECK (vip_level >= 0),
  created_at        timestamptz NOT NULL DEFAULT now(),
  CHECK (phone IS NOT NULL OR email IS NOT NULL)
);
-- "Alice" and "alice" are the same person to a human reading a chat: one of them only.
CREATE UNIQUE INDEX users_username_lower_key ON users (lower(username));
CREATE UNIQUE INDEX users_phone_key ON users (phone);
-- E-mail addresses are stored lower-cased by the validation schema.
CREATE UNIQUE INDEX users_email_key ON users (email);
CREATE UNIQUE INDEX users_invite_code_key ON users (invite_code);
CREATE INDEX users_invited_by_idx ON users (invited_by);

CREATE TABLE sessions (
  id          bigserial PRIMARY KEY,
  -- sha-256 of the token: a stolen database does not give working tokens.
  token_hash  bytea NOT NULL UNIQUE,
  user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at  timestamptz NOT NULL,
  revoked_at  timestamptz,
  created_at  timestamptz NOT NULL,
  user_agent  text
);
CREATE INDEX sessions_user_idx ON sessions (user_id) WHERE revoked_at IS NULL;

CREATE TABLE verification_codes (
  id           bigserial PRIMARY KEY,
  channel      text NOT NULL CHECK (channel IN ('sms', 'email')),
  target       text NOT NULL,
  purpose      text NOT NULL CHECK (purpose IN ('register', 'reset', 'bind')),
  -- HMAC-SHA-256 with the server's pepper: six digits alone are trivially brute-forced.
  code_hash    bytea NOT NULL,
  expires_at   timestamptz NOT NULL,
  attempts     integer NOT NULL DEFAULT 0,
  consumed_at  timestamptz,
  created_at   timestamptz NOT NULL
);
CREATE INDEX verification_codes_lookup_idx ON verification_codes (channel, target, purpose, created_at DESC);

-- Wrong login passwords per login key (the normalised account text, whether or not it exists).
CREATE TABLE login_failures (
  login_key     text PRIMARY KEY,
  failures      integer NOT NULL DEFAULT 0,
  last_failure  timestamptz NOT NULL,
  locked_until  timestamptz
);

CREATE TABLE pay_password_failures (
  user_id       uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  failures      integer NOT NULL DEFAULT 0,
  last_failure  timestamptz NOT NULL,
  locked_until  timestamptz
);

-- The deposit options the app offers (GET /currency/list in docs/api.md), seeded from the configuration.
CREATE TABLE coins (
  id            serial PRIMARY KEY,
  code          text NOT NULL UNIQUE,
  name          text NOT NULL,
  kind          text NOT NULL CHECK (kind IN ('crypto', 'bank')),
  network       text,
  address       text,
  address_omni  text,
  address_erc   text,
  bank          jsonb,
  sort_order    integer NOT NULL DEFAULT 0,
  enabled       boolean NOT NULL DEFAULT true
);

CREATE TABLE settings (
  key         text PRIMARY KEY,
  value       text NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now()
);

-- One row per (owner, asset, purpose). Only the ledger module changes balance.
CREATE TABLE ledger_accounts (
  id          bigserial PRIMARY KEY,
  owner_kind  text NOT NULL CHECK (owner_kind IN ('user', 'platform')),
  user_id     uuid REFERENCES users (id),
  asset       text NOT NULL CHECK (asset IN ('USDT', 'EUR')),
  purpose     text NOT NULL,
  balance     bigint NOT NULL DEFAULT 0,
  created_at  timestamptz NOT NULL DEFAULT now(),
  CHECK ((owner_kind = 'user') = (user_id IS NOT NULL)),
  -- A person can never owe the platform through a balance: user accounts stay >= 0.
  CONSTRAINT ledger_accounts_user_not_negative CHECK (owner_kind = 'platform' OR balance >= 0)
);
CREATE UNIQUE INDEX ledger_accounts_user_key ON ledger_accounts (user_id, asset, purpose) WHERE owner_kind = 'user';
CREATE UNIQUE INDEX ledger_accounts_platform_key ON ledger_accounts (asset, purpose) WHERE owner_kind = 'platform';
