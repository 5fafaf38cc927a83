-- What a committed change must still cause, written in the change's own transaction (issue 39;
-- server/outbox.ts): a settled trade's tick into the candles, an order's socket and push notices,
-- a news piece's push notices. The process that committed delivers its rows at once; rows left by
-- a process that stopped before delivering (kill -9, a crash) are delivered by any process after a
-- grace period. A process delivering a row holds it for a while (claimed_until), so that no other
-- takes it meanwhile; a row is deleted once delivered (a candle's in the same transaction as the
-- candle).
CREATE TABLE outbox (
  id          bigserial PRIMARY KEY,
  topic       text NOT NULL,
  payload     jsonb NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  claimed_until timestamptz,
  -- Failed deliveries so far and the last one's error; a row that failed OUTBOX_ATTEMPTS times
  -- waits for an operator (logged at error level) instead of blocking the rows after it.
  attempts    integer NOT NULL DEFAULT 0,
  last_error  text
);
CREATE INDEX outbox_waiting_idx ON outbox (topic, id) WHERE attempts < 5;
