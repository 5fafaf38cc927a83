-- "Taken by" (docs/ops-console.md): a second operator deciding a queue item is told who decided it
-- and when, read from the row. Deposits, withdrawals, merchant applications and a loan's review
-- already keep their operator and time; a news piece's publication or withdrawal and a loan's
-- repayment review did not. Rows decided before are filled in from the audit log, which has
-- recorded every decision with its operator since the start.
ALTER TABLE news ADD COLUMN decided_by uuid REFERENCES operators (id);
ALTER TABLE news ADD COLUMN decided_at timestamptz;
ALTER TABLE loans ADD COLUMN repay_operator_id uuid REFERENCES operators (id);
ALTER TABLE loans ADD COLUMN repay_decided_at timestamptz;

UPDATE news n SET decided_by = a.operator_id, decided_at = a.created_at
FROM (SELECT DISTINCT ON (subject) subject, operator_id, created_at FROM audit_log
      WHERE action IN ('news.publish', 'news.withdraw') ORDER BY subject, id DESC) a
WHERE a.subject = 'news:' || n.id::text;

UPDATE loans l SET repay_operator_id = a.operator_id, repay_decided_at = a.created_at
FROM (SELECT DISTINCT ON (subject) subject, operator_id, created_at FROM audit_log
      WHERE action IN ('loan.repaid', 'loan.repayRefused') ORDER BY subject, id DESC) a
WHERE a.subject = 'loan:' || l.id::text AND l.status IN ('repaid', 'failed');
