-- The operator console in the browser (docs/ops-console.md): a session ends after OPERATOR_IDLE_MINUTES
-- without a request as well as at its absolute end; the console lists an operator's sessions with
-- where they were opened (browser or command line, the browser's name, the address) and ends them.
-- A TOTP rotation keeps the new secret aside until a code from it is shown, so an operator who did
-- not scan it is not locked out.
ALTER TABLE operator_sessions ADD COLUMN last_seen_at timestamptz;
ALTER TABLE operator_sessions ADD COLUMN client text NOT NULL DEFAULT 'cli' CHECK (client IN ('cli', 'console'));
ALTER TABLE operator_sessions ADD COLUMN user_agent text;
ALTER TABLE operator_sessions ADD COLUMN ip text;
UPDATE operator_sessions SET last_seen_at = created_at;
ALTER TABLE operator_sessions ALTER COLUMN last_seen_at SET NOT NULL;
CREATE INDEX operator_sessions_operator ON operator_sessions (operator_id) WHERE revoked_at IS NULL;
ALTER TABLE operators ADD COLUMN pending_totp_secret text;
ALTER TABLE operators ADD COLUMN password_changed_at timestamptz;
