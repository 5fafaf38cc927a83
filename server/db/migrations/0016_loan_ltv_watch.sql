-- The LTV watch of principal loans across assets (docs/loans.md, "Steps and postings"):
--   - the LTV the watch last saw (hundredths of a percent, rounded up) and when;
--   - the margin call under way: when it began and the LTV that began it (null: none); the
--     borrower is told once per crossing, and again only after the LTV went back below and
--     crossed again; how many were sent;
--   - a liquidation: status `liquidated` (ended; it holds no collateral any more), the rate it
--     was made at (EUR for one USDT, millionths), the collateral converted and returned (in the
--     collateral's asset), the interest so far, the fee and what the collateral could not cover
--     (the platform's loss), in the loan's asset.
ALTER TABLE loans DROP CONSTRAINT loans_status_check;
ALTER TABLE loans ADD CONSTRAINT loans_status_check
  CHECK (status IN ('pending', 'approved', 'repaying', 'repaid', 'rejected', 'failed', 'liquidated'));
ALTER TABLE loans ADD COLUMN ltv_bp bigint CHECK (ltv_bp >= 0);
ALTER TABLE loans ADD COLUMN ltv_at timestamptz;
ALTER TABLE loans ADD COLUMN margin_call_at timestamptz;
ALTER TABLE loans ADD COLUMN margin_call_ltv_bp bigint CHECK (margin_call_ltv_bp > 0);
ALTER TABLE loans ADD COLUMN margin_calls integer NOT NULL DEFAULT 0 CHECK (margin_calls >= 0);
ALTER TABLE loans ADD CONSTRAINT loans_margin_call_whole CHECK ((margin_call_at IS NULL) = (margin_call_ltv_bp IS NULL));
ALTER TABLE loans ADD COLUMN liquidated_at timestamptz;
ALTER TABLE loans ADD COLUMN liquidation_rate bigint CHECK (liquidation_rate > 0);
ALTER TABLE loans ADD COLUMN liquidation_converted bigint CHECK (liquidation_converted > 0);
ALTER TABLE loans ADD COLUMN liquidation_returned bigint CHECK (liquidation_returned >= 0);
ALTER TABLE loans ADD COLUMN liquidation_interest bigint CHECK (liquidation_interest >= 0);
ALTER TABLE loans ADD COLUMN liquidation_fee bigint CHECK (liquidation_fee >= 0);
ALTER TABLE loans ADD COLUMN liquidation_shortfall bigint CHECK (liquidation_shortfall >= 0);
ALTER TABLE loans ADD CONSTRAINT loans_liquidation_whole CHECK (
  (status = 'liquidated') = (liquidated_at IS NOT NULL)
  AND (liquidated_at IS NULL) = (liquidation_rate IS NULL)
  AND (liquidated_at IS NULL) = (liquidation_converted IS NULL)
  AND (liquidated_at IS NULL) = (liquidation_returned IS NULL)
  AND (liquidated_at IS NULL) = (liquidation_interest IS NULL)
  AND (liquidated_at IS NULL) = (liquidation_fee IS NULL)
  AND (liquidated_at IS NULL) = (liquidation_shortfall IS NULL)
  AND (liquidated_at IS NULL OR liquidation_converted + liquidation_returned = collateral)
);
-- The watch reads the open loans across assets.
CREATE INDEX loans_watched_idx ON loans (id) WHERE status IN ('approved', 'failed') AND collateral_asset <> asset;
-- The LTV watch writes an audit row for each liquidation: no operator acted, the system did.
ALTER TABLE audit_log ALTER COLUMN operator_id DROP NOT NULL;
