-- A principal loan's collateral has an asset of its own (docs/loans.md, "Principal loans across
-- assets"): today the loan's asset (the old rule), the other asset once loans across assets are
-- offered. The reference rate at approval (EUR for one USDT, millionths) is kept on the loan.
ALTER TABLE loans ADD COLUMN collateral_asset text CHECK (collateral_asset IN ('USDT', 'EUR'));
ALTER TABLE loans ADD COLUMN approval_rate bigint CHECK (approval_rate > 0);
UPDATE loans SET collateral_asset = asset WHERE type = 'principal';
ALTER TABLE loans ADD CONSTRAINT loans_collateral_asset_of_principal CHECK ((type = 'principal') = (collateral_asset IS NOT NULL));
