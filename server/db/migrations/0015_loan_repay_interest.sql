-- A principal loan across assets repaid early pays the interest of the days used (docs/loans.md):
-- the interest of the repayment under way or made, fixed when the user asks to repay; null for
-- the other loans, which pay the interest fixed at application.
ALTER TABLE loans ADD COLUMN repay_interest bigint CHECK (repay_interest >= 0);
