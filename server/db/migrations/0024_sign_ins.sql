-- Devices and sign-ins (issue 37, point 7): a user sees their live sessions with where each was
-- opened from, and the last 30 days of sign-ins and failed attempts.
--
-- A session keeps the address it was opened from. No "last seen" column: keeping one true would
-- cost a write on signed-in requests that the session cache (auth/session-cache.ts) answers
-- without the database at all.
ALTER TABLE sessions ADD COLUMN ip text;

-- One row per sign-in of an existing account, right or refused: kept 30 days (housekeeping.ts).
-- Tries at an unknown login name are not recorded (no account to show them to).
CREATE TABLE sign_ins (
  id          bigserial PRIMARY KEY,
  user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  at          timestamptz NOT NULL,
  -- ok: signed in; password: a wrong password; second_factor: the password was right, the second factor wrong.
  outcome     text NOT NULL CHECK (outcome IN ('ok', 'password', 'second_factor')),
  ip          text,
  user_agent  text,
  -- The device as the user agent names it, without versions ("phone|Android|Chrome"): what
  -- "from a new device" compares, so that a browser's update is not a new device.
  device      text NOT NULL,
  new_device  boolean NOT NULL,
  -- The session a successful sign-in opened.
  session_id  bigint
);
CREATE INDEX sign_ins_user ON sign_ins (user_id, id);
CREATE INDEX sign_ins_at ON sign_ins (at);

-- A sign-in that owes its second factor (0022) keeps the address its password came from, for the
-- session the second step opens and for the sign-ins list.
ALTER TABLE login_tickets ADD COLUMN ip text;
