-- A principal loan across assets (docs/loans.md, "Collateral and LTV"): the operators' margin-call
-- and liquidation LTVs and the liquidation fee, in percent with up to two decimals; their bounds
-- are in settings.ts (81–89.99, 90–95, 0–2). The defaults match LTV_SETTING_BOUNDS in src/domain/ltv.ts.
INSERT INTO settings (key, value) VALUES
  ('loan_margin_call_ltv', '85'),
  ('loan_liquidation_ltv', '90'),
  ('loan_liquidation_fee_percent', '1')
ON CONFLICT DO NOTHING;
