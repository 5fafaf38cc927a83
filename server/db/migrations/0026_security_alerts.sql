-- Each security alert is sent once (docs/security.md): a replayed withdrawal, or two processes
-- reporting the same change, find its id here and send nothing. The anti-phishing code every
-- e-mail starts with lives on the user (0022); this keeps only which alerts went out.
CREATE TABLE security_alerts (
  message_id  text PRIMARY KEY,
  user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  sent_at     timestamptz NOT NULL
);
CREATE INDEX security_alerts_sent_idx ON security_alerts (sent_at);
