-- Passkeys (docs/security.md, "Passkeys"): the WebAuthn credentials a user registered — the
-- credential's id and public key (COSE), the signature counter the authenticator reported last,
-- how the browser reaches it, and the name the user gave it — and the challenges the server
-- handed out, kept here rather than in a process's memory so that the answer may reach another
-- server process than the one that asked. A challenge is good for a few minutes and for one
-- answer: the answer's transaction deletes it.
CREATE TABLE passkeys (
  id             bigserial PRIMARY KEY,
  user_id        uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- base64url, as WebAuthn's JSON names it; at most 1023 bytes.
  credential_id  text NOT NULL UNIQUE CHECK (char_length(credential_id) BETWEEN 1 AND 1366),
  public_key     bytea NOT NULL,
  -- The authenticator's signature counter: 0 for those that keep none (synced passkeys).
  counter        bigint NOT NULL CHECK (counter BETWEEN 0 AND 4294967295),
  transports     text[] NOT NULL DEFAULT '{}',
  -- 'singleDevice' or 'multiDevice' (a passkey synced by its provider), and whether it is backed up.
  device_type    text NOT NULL CHECK (device_type IN ('singleDevice', 'multiDevice')),
  backed_up      boolean NOT NULL,
  name           text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 40),
  created_at     timestamptz NOT NULL,
  last_used_at   timestamptz
);
CREATE INDEX passkeys_user ON passkeys (user_id, id);

CREATE TABLE webauthn_challenges (
  -- base64url of 32 random bytes.
  challenge   text PRIMARY KEY CHECK (char_length(challenge) BETWEEN 32 AND 64),
  -- 'register', 'login', or the step-up purpose it was asked for.
  purpose     text NOT NULL CHECK (purpose ~ '^[a-z][a-z0-9.-]{0,39}$'),
  -- Whose it is; none for a sign-in, where nobody is known yet.
  user_id     uuid REFERENCES users (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL
);
CREATE INDEX webauthn_challenges_user ON webauthn_challenges (user_id, purpose) WHERE user_id IS NOT NULL;
CREATE INDEX webauthn_challenges_expiry ON webauthn_challenges (expires_at);
