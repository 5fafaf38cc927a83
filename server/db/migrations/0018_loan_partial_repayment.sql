-- Partial repayment of a principal loan across assets (docs/loans.md, "Partial repayment"): the
-- interest so far and a part of the principal paid at once, from the borrower's available balance.
-- The principal left is amount − principal_repaid; interest then runs on it. Interest counts every
-- started day since the payout (at least one, at most the period): interest_days_paid are the days
-- already paid for by partial repayments, so no day is charged twice; interest_repaid is what they paid.
ALTER TABLE loans ADD COLUMN principal_repaid bigint NOT NULL DEFAULT 0;
ALTER TABLE loans ADD COLUMN interest_repaid bigint NOT NULL DEFAULT 0 CHECK (interest_repaid >= 0);
ALTER TABLE loans ADD COLUMN interest_days_paid integer NOT NULL DEFAULT 0 CHECK (interest_days_paid >= 0);
ALTER TABLE loans ADD CONSTRAINT loans_principal_repaid_part CHECK (principal_repaid >= 0 AND principal_repaid < amount);
