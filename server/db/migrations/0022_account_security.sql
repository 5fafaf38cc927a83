-- Account security (docs/security.md): the user's authenticator (TOTP) secret, sealed with the
-- installation's secrets key; one-time recovery codes, kept hashed; wrong second-factor codes
-- counted and locked as passwords are; the half-way state of a login that still owes its second
-- factor; the 24-hour withdrawal pause after a security change; the anti-phishing code every
-- e-mail carries; and the log of security changes the security centre shows.
ALTER TABLE users ADD COLUMN totp_secret bytea;
ALTER TABLE users ADD COLUMN totp_enabled_at timestamptz;
-- The last 30-second step a code was accepted for: a code is used once.
ALTER TABLE users ADD COLUMN totp_last_step bigint NOT NULL DEFAULT 0;
-- A secret shown at setup and not yet confirmed with a first code.
ALTER TABLE users ADD COLUMN totp_pending bytea;
ALTER TABLE users ADD COLUMN withdrawals_paused_until timestamptz;
ALTER TABLE users ADD COLUMN anti_phishing_code text;

CREATE TABLE recovery_codes (
  user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash  bytea NOT NULL,
  used_at    timestamptz,
  PRIMARY KEY (user_id, code_hash)
);

CREATE TABLE second_factor_failures (
  user_id       uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  failures      integer NOT NULL DEFAULT 0,
  last_failure  timestamptz NOT NULL,
  locked_until  timestamptz
);

-- A password that was right for an account with a second factor: the ticket (its sha-256 kept)
-- lets the same client finish the login with a code within five minutes, once.
CREATE TABLE login_tickets (
  ticket_hash  bytea PRIMARY KEY,
  user_id      uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  user_agent   text,
  expires_at   timestamptz NOT NULL,
  used_at      timestamptz
);
CREATE INDEX login_tickets_expiry_idx ON login_tickets (expires_at);

CREATE TABLE security_events (
  id          bigserial PRIMARY KEY,
  user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind        text NOT NULL,
  created_at  timestamptz NOT NULL
);
CREATE INDEX security_events_user_idx ON security_events (user_id, id DESC);
