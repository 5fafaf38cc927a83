import { useLingui } from '@lingui/react/macro';
import { Badge } from '../../ui/kit';

export function WithdrawalStatus({ status }: { status: 'processing' | 'completed' | 'cancelled' }) {
  const { t } = useLingui();
  if (status === 'processing') return <Badge tone="waiting">{t`Waiting`}</Badge>;
  if (status === 'completed') return <Badge tone="good">{t`Paid`}</Badge>;
  return <Badge tone="bad">{t`Returned`}</Badge>;
}
