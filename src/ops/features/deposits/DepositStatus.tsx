import { useLingui } from '@lingui/react/macro';
import { Badge } from '../../ui/kit';

export function DepositStatus({ status }: { status: 'processing' | 'success' | 'failed' }) {
  const { t } = useLingui();
  if (status === 'processing') return <Badge tone="waiting">{t`Waiting`}</Badge>;
  if (status === 'success') return <Badge tone="good">{t`Approved`}</Badge>;
  return <Badge tone="bad">{t`Rejected`}</Badge>;
}
