/** My loans (/loan/my-loan?status=): all, or one status at a time; each opens its detail. Offline, the kept copy. */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { BankIcon } from '../../ui/icons';
import { Screen } from '../../ui/Screen';
import { LOAN_STATUSES, type LoanStatus } from '../../domain/loan';
import { Choices } from '../../ui/Choices';
import { RecordList, usePagedRecords } from '../shared/records';
import { loansQuery } from './api/queries';
import { LoanCard, useLoanWords } from './parts';
import { buttonClasses } from '../../ui/Button';

export default function MyLoansScreen() {
  const { t } = useLingui();
  const words = useLoanWords();
  const search = useSearch({ from: '/members/loan/my-loan' });
  const navigate = useNavigate();
  const status = (LOAN_STATUSES as readonly string[]).includes(search.status ?? '') ? (search.status as LoanStatus) : undefined;
  const records = usePagedRecords(loansQuery(status));
  const filters: Array<{ value: LoanStatus | 'all'; label: string }> = [{ value: 'all', label: t`All` }, ...LOAN_STATUSES.map((value) => ({ value, label: words.status[value] }))];
  return (
    <Screen>
      <Choices
        kind="tab"
        label={t`Loan status`}
        options={filters}
        value={status ?? 'all'}
        onChange={(value) => void navigate({ to: '/loan/my-loan', search: value === 'all' ? {} : { status: value }, replace: true })}
        className="sticky top-16 z-10 bg-canvas px-4 py-2"
      />
      <RecordList
        records={records}
        renderItem={(loan) => <LoanCard loan={loan} />}
        empty={{
          icon: <BankIcon size={36} />,
          title: t`No loans here`,
          text: t`Loans you apply for appear here with their status.`,
          action: (
            <Link to="/loan" className={buttonClasses()}>
              <Trans>See the loans</Trans>
            </Link>
          ),
        }}
      />
    </Screen>
  );
}
