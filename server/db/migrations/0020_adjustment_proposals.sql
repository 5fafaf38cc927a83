-- Corrections with four eyes (docs/api.md, "Four eyes"): a correction whose absolute amount is
-- above the admin's threshold for its asset is not posted but proposed; it posts only when another
-- finance operator approves it (the maker never), in the transaction that records the approval.
-- amount is signed minor units of the asset (positive credits the user); transfer_id is the
-- posting an approval made.
CREATE TABLE adjustment_proposals (
  id              bigserial PRIMARY KEY,
  user_id         uuid NOT NULL REFERENCES users (id),
  asset           text NOT NULL CHECK (asset IN ('USDT', 'EUR')),
  amount          bigint NOT NULL CHECK (amount <> 0),
  reason          text NOT NULL,
  maker_id        uuid NOT NULL REFERENCES operators (id),
  created_at      timestamptz NOT NULL,
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'refused')),
  checker_id      uuid REFERENCES operators (id),
  decided_at      timestamptz,
  decision_reason text,
  transfer_id     bigint REFERENCES ledger_transfers (id),
  CHECK ((status = 'pending') = (checker_id IS NULL AND decided_at IS NULL)),
  CHECK ((status = 'approved') = (transfer_id IS NOT NULL)),
  CHECK (status <> 'refused' OR decision_reason IS NOT NULL),
  -- Four eyes, also here: the maker may withdraw (refuse) their own proposal, never approve it.
  CHECK (status <> 'approved' OR checker_id <> maker_id)
);
CREATE INDEX adjustment_proposals_queue ON adjustment_proposals (status, id);

-- The thresholds, per asset, in the asset's units; bounded like a minimum (settings.ts).
INSERT INTO settings (key, value) VALUES
  ('adjustment_four_eyes_usdt', '1000'),
  ('adjustment_four_eyes_eur', '1000')
ON CONFLICT DO NOTHING;
