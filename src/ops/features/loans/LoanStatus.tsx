import { useLingui } from '@lingui/react/macro';
import { Badge } from '../../ui/kit';
import type { OpsLoan } from './api';

export function LoanStatus({ status }: { status: OpsLoan['status'] }) {
  const { t } = useLingui();
  switch (status) {
    case 'pending':
      return <Badge tone="waiting">{t`Application waiting`}</Badge>;
    case 'repaying':
      return <Badge tone="waiting">{t`Repayment waiting`}</Badge>;
    case 'approved':
      return <Badge tone="neutral">{t`Paid out`}</Badge>;
    case 'repaid':
      return <Badge tone="good">{t`Repaid`}</Badge>;
    case 'rejected':
      return <Badge tone="bad">{t`Rejected`}</Badge>;
    case 'failed':
      return <Badge tone="bad">{t`Repayment refused`}</Badge>;
    case 'liquidated':
      return <Badge tone="bad">{t`Liquidated`}</Badge>;
  }
}
