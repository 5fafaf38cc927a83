-- Loans (docs/loans.md): the operators' loan terms, the users' applications with their identity
-- documents, the review, the disbursement, the repayment and its review.

-- 'collateral': a principal loan's security, held from the borrower's balance until repaid.
-- Platform 'loans': what borrowers owe (it goes negative as loans are paid out).
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_purpose_known;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_purpose_known CHECK (
  (owner_kind = 'user' AND purpose IN ('available', 'held', 'interest', 'trading', 'pledged', 'collateral'))
  OR (owner_kind = 'platform' AND purpose IN ('deposits', 'withdrawals', 'fees', 'bonus', 'exchange', 'adjustments', 'interest', 'loans'))
);
INSERT INTO ledger_accounts (owner_kind, user_id, asset, purpose)
SELECT 'user', u.id, a.asset, 'collateral'
FROM users u CROSS JOIN (VALUES ('USDT'), ('EUR')) AS a (asset)
ON CONFLICT DO NOTHING;
INSERT INTO ledger_accounts (owner_kind, asset, purpose)
SELECT 'platform', a.asset, 'loans'
FROM (VALUES ('USDT'), ('EUR')) AS a (asset)
ON CONFLICT DO NOTHING;

-- The terms a user can apply for: a type, a period and its daily rate (parts per million), and
-- the amounts (a credit loan between min and max; a principal loan between 10 % and 80 % of the
-- wallet balance, and at least min). A change applies to applications made afterwards.
CREATE TABLE loan_products (
  id          serial PRIMARY KEY,
  type        text NOT NULL CHECK (type IN ('credit', 'principal')),
  asset       text NOT NULL CHECK (asset IN ('USDT', 'EUR')),
  days        integer NOT NULL CHECK (days BETWEEN 1 AND 3650),
  daily_ppm   bigint NOT NULL CHECK (daily_ppm > 0 AND daily_ppm <= 1000000),
  min_amount  bigint NOT NULL CHECK (min_amount > 0),
  max_amount  bigint NOT NULL,
  active      boolean NOT NULL DEFAULT true,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  CHECK (max_amount >= min_amount)
);
INSERT INTO loan_products (type, asset, days, daily_ppm, min_amount, max_amount) VALUES
  ('credit', 'USDT', 7, 500, 50000000, 1000000000),
  ('credit', 'USDT', 30, 400, 50000000, 1000000000),
  ('principal', 'USDT', 30, 300, 10000000, 1000000000000),
  ('principal', 'USDT', 90, 250, 10000000, 1000000000000);

-- Identity documents, uploaded one by one before the application that names them; an image
-- that no application took is removed after a day, the others a stated time after their loan
-- ends (LOAN_DOCUMENT_RETENTION_DAYS).
CREATE TABLE loan_documents (
  id          bigserial PRIMARY KEY,
  user_id     uuid NOT NULL REFERENCES users (id),
  file        text NOT NULL,
  loan_id     bigint,
  created_at  timestamptz NOT NULL
);
CREATE INDEX loan_documents_user_idx ON loan_documents (user_id, id);
CREATE INDEX loan_documents_loan_idx ON loan_documents (loan_id);

-- A loan from application to repayment:
--   pending (review) → approved (pending repayment: paid out) → repaying (repayment held, in
--   review) → repaid; pending → rejected (reason, may be none); repaying → failed (repayment
--   refused, its hold returned) → repaying again.
-- Figures fixed at application: interest = amount × daily ppm × days / 1,000,000 (rounded down),
-- total = amount + interest. A principal loan holds `collateral` (= amount) from approval to repaid.
CREATE TABLE loans (
  id             bigserial PRIMARY KEY,
  user_id        uuid NOT NULL REFERENCES users (id),
  product_id     integer NOT NULL REFERENCES loan_products (id),
  type           text NOT NULL CHECK (type IN ('credit', 'principal')),
  asset          text NOT NULL CHECK (asset IN ('USDT', 'EUR')),
  amount         bigint NOT NULL CHECK (amount > 0),
  days           integer NOT NULL,
  daily_ppm      bigint NOT NULL,
  interest       bigint NOT NULL CHECK (interest >= 0),
  total          bigint NOT NULL CHECK (total = amount + interest),
  collateral     bigint NOT NULL DEFAULT 0 CHECK (collateral >= 0),
  status         text NOT NULL CHECK (status IN ('pending', 'approved', 'repaying', 'repaid', 'rejected', 'failed')),
  full_name      text NOT NULL,
  id_type        text NOT NULL CHECK (id_type IN ('id_card', 'passport', 'driver_licence')),
  id_number      text NOT NULL,
  front_document bigint NOT NULL REFERENCES loan_documents (id),
  back_document  bigint REFERENCES loan_documents (id),
  reason         text,
  repay_reason   text,
  operator_id    uuid REFERENCES operators (id),
  created_at     timestamptz NOT NULL,
  decided_at     timestamptz,
  due_at         timestamptz,
  repay_requested_at timestamptz,
  repaid_at      timestamptz,
  ended_at       timestamptz,
  CHECK (id_type <> 'id_card' OR back_document IS NOT NULL)
);
CREATE INDEX loans_user_idx ON loans (user_id, id DESC);
CREATE INDEX loans_status_idx ON loans (status, id);
-- One loan at a time: a user with a loan not yet ended cannot apply again.
CREATE UNIQUE INDEX loans_one_open ON loans (user_id) WHERE status IN ('pending', 'approved', 'repaying', 'failed');
