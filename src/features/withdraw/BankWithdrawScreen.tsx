/**
 * Withdraw EUR to the bound bank account, or to a bank account of the address book
 * (/withdraw/index22). With neither there is nothing to send to: the screen says so and leads to
 * the binding, which comes back here.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { BankIcon } from '../../ui/icons';
import type { ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import type { AddressBook, BankBinding, WithdrawInfoReply, WithdrawMethodInfo } from '../../domain/wire';
import { personName } from '../../domain/locales';
import { errorMessage, localeAtom } from '../../i18n';
import { maskedIban } from '../shared/money/iban';
import { WithdrawForm, type WithdrawFormApi } from './WithdrawForm';
import { EntryDestination } from './entries';
import { bookFor, EntryPicker, startingEntry, useBookForForm } from './EntryPicker';
import { Waiting, WithdrawMethodScreen } from './WithdrawMethodScreen';

const HERE = '/withdraw/index22';

export default function BankWithdrawScreen() {
  return (
    <WithdrawMethodScreen method="bank">
      {(bank, reply, info) => <BankWithdrawal bank={bank} binding={reply.bank ?? null} reload={info.reload} />}
    </WithdrawMethodScreen>
  );
}

function BankWithdrawal({ bank, binding, reload }: { bank: WithdrawMethodInfo; binding: WithdrawInfoReply['bank'] | null; reload(): void }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const { book, waiting } = useBookForForm();
  const { entries, locked } = bookFor(book, 'bank');
  const bind = () => void navigate({ to: '/mine/bind', search: { redirect: HERE } });
  if (waiting) return <Waiting />;
  if (!binding && entries.length === 0) {
    return (
      <EmptyState
        icon={<BankIcon size={36} />}
        title={t`No bank account bound`}
        text={errorMessage('bank.required')}
        action={
          <Button onClick={bind}>
            {t`Bind a bank account`}
          </Button>
        }
      />
    );
  }
  const bound = binding ? <BoundAccount binding={binding} /> : null;
  const start = startingEntry(book, 'bank', Boolean(binding));
  return (
    <WithdrawForm
      info={bank}
      destination={start !== undefined ? { method: 'bank', entryId: start } : { method: 'bank' }}
      shortName={(request) => {
        const entry = request.entryId === undefined ? undefined : entries.find((each) => each.id === request.entryId);
        return entry ? (
          <>
            <bdi dir="auto">“{entry.label}”</bdi> <EntryDestination entry={entry} />
          </>
        ) : (
          <bdi dir="ltr" className="tabular-nums tracking-wide">
            {binding ? maskedIban(binding.iban) : ''}
          </bdi>
        );
      }}
      onRefused={(key) => {
        // The binding was removed meanwhile: show the way to bind one.
        if (key === 'bank.required') reload();
      }}
    >
      {(form) => (entries.length > 0 || locked ? <BankDestinationChoice form={form} book={book} bound={bound} /> : bound)}
    </WithdrawForm>
  );
}

/** An entry of the book, or (while the lock is off) the bound account. */
function BankDestinationChoice({ form, book, bound }: { form: WithdrawFormApi; book: AddressBook | undefined; bound: ReactNode }) {
  const entryId = useWatch({ control: form.control, name: 'entryId' });
  function choose(id: number | undefined) {
    form.setValue('entryId', id);
    form.clearErrors('entryId');
  }
  return <EntryPicker kind="bank" book={book} value={entryId} onChange={choose} other={bound} error={form.formState.errors.entryId?.message} />;
}

/** The bound account, as the bank withdrawal has always shown it, with the way to change it. */
function BoundAccount({ binding }: { binding: BankBinding }) {
  const { t } = useLingui();
  const locale = useAtomValue(localeAtom);
  const holder = personName(binding.firstName, binding.lastName, locale);
  return (
    <section aria-label={t`Paid to`} className="rounded-2xl bg-surface p-4">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-sea-50 text-sea-700">
          <BankIcon size={22} />
        </span>
        <div className="min-w-0 flex-1 text-sm">
          <p className="text-xs text-muted">{t`Paid to`}</p>
          <p className="truncate font-semibold text-ink" dir="auto">
            {holder}
          </p>
          <p className="tabular-nums tracking-wide text-ink">
            <bdi dir="ltr">{maskedIban(binding.iban)}</bdi>
          </p>
          <p className="truncate text-muted" dir="auto">
            {binding.bankName}
          </p>
        </div>
        <Link to="/mine/bind" search={{ redirect: HERE }} className="shrink-0 px-1 py-1 text-sm font-semibold text-sea-700">
          <Trans>Change</Trans>
        </Link>
      </div>
    </section>
  );
}
