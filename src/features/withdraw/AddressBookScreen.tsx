/**
 * The withdrawal address book (/withdraw/address-book; docs/security.md, "Address book"): the
 * crypto addresses and bank accounts saved under a label, each with its destination shortened
 * (start and end visible) and, while it is new, the time it becomes usable; renaming and removing
 * one (after a confirmation); adding one (its own screen); and the "only to my address book"
 * switch with its state — on, off, or on until the time a requested "off" takes effect. Changing
 * the switch asks for the payment password and the second factor (the payment sheet's), and the
 * card says first that it is a security change. Offline it shows the last-known book with its time.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { z } from 'zod';
import { asOfTime } from '../../api/query';
import { ADDRESS_BOOK_MAX, ADDRESS_COOLING_OFF_HOURS, ADDRESS_LABEL_MAX_LENGTH, ADDRESS_LOCK_OFF_HOURS, addressLabelSchema } from '../../domain/address-book';
import type { AddressBook, AddressEntry, AddressLock } from '../../domain/wire';
import { AsOfLine } from '../../ui/AsOf';
import { Button, buttonClasses } from '../../ui/Button';
import { EmptyState, QueryFallback } from '../../ui/EmptyState';
import { confirm } from '../../ui/feedback/confirm';
import { toast } from '../../ui/feedback/toast';
import { setServerError, submitOnce, textField, useZodForm } from '../../ui/form/form';
import { FormDialog } from '../../ui/form/FormDialog';
import { TextField } from '../../ui/form/TextField';
import { BookIcon, LockIcon } from '../../ui/icons';
import { Screen } from '../../ui/Screen';
import { MoneyActionSheet, useMoneyAction } from '../shared/money/useMoneyAction';
import { StatusBadge, useFormatTime } from '../shared/records';
import { SwitchRow } from '../shared/SwitchRow';
import { useAccountMutation } from '../shared/useAccountMutation';
import { removeAddressEntry, renameAddressEntry, setAddressLock } from './api/calls';
import { useAddressBook } from './api/queries';
import { EntryDestination, isUsable, UsableFrom } from './entries';

export default function AddressBookScreen() {
  const { t } = useLingui();
  const state = useAddressBook();
  const book = state.data;
  const [renaming, setRenaming] = useState<AddressEntry | null>(null);

  return (
    <Screen>
      <div className="space-y-4 px-4 pt-2 pb-6">
        <p className="text-sm leading-relaxed text-muted">
          <Trans>
            Save the addresses and bank accounts you withdraw to. A new one can be used {ADDRESS_COOLING_OFF_HOURS} hours after you add it: if
            someone else added it, you have that long to remove it.
          </Trans>
        </p>
        {book ? (
          <>
            <AsOfLine time={asOfTime(state)} />
            <LockCard lock={book.lock} />
            <Entries book={book} onRename={setRenaming} />
          </>
        ) : (
          <QueryFallback query={state} icon={<BookIcon size={36} />} failedTitle={t`The address book could not be loaded`} />
        )}
      </div>
      <RenameDialog entry={renaming} onClose={() => setRenaming(null)} />
    </Screen>
  );
}

function Entries({ book, onRename }: { book: AddressBook; onRename(entry: AddressEntry): void }) {
  const { t } = useLingui();
  const full = book.entries.length >= book.max;
  const count = book.entries.length;
  return (
    <section aria-labelledby="address-book-entries" className="space-y-3">
      <div className="flex items-baseline justify-between px-1">
        <h2 id="address-book-entries" className="text-base font-semibold text-ink">
          {t`Saved addresses`}
        </h2>
        <span className="text-xs text-muted tabular-nums">{t`${count} of ${book.max}`}</span>
      </div>
      {book.entries.length === 0 ? (
        <EmptyState icon={<BookIcon size={36} />} title={t`No saved addresses yet`} text={t`Add the wallets and bank accounts you withdraw to.`} />
      ) : (
        <ul className="space-y-3" aria-label={t`Saved addresses`}>
          {book.entries.map((entry) => (
            <EntryCard key={entry.id} entry={entry} onRename={() => onRename(entry)} />
          ))}
        </ul>
      )}
      {full ? (
        <p role="note" className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t`Your address book holds ${ADDRESS_BOOK_MAX} entries, the most it keeps. Remove one to add another.`}
        </p>
      ) : (
        <Link to="/withdraw/address-book/add" className={buttonClasses()}>
          {t`Add an address`}
        </Link>
      )}
    </section>
  );
}

function EntryCard({ entry, onRename }: { entry: AddressEntry; onRename(): void }) {
  const { t } = useLingui();
  const formatTime = useFormatTime();
  const removing = useAccountMutation({ call: removeAddressEntry, onSuccess: () => toast.success(t`Address removed`) });

  async function remove() {
    const sure = await confirm({
      title: t`Remove this address?`,
      content: t`“${entry.label}” will no longer be offered for withdrawals. Adding it again starts a new ${ADDRESS_COOLING_OFF_HOURS}-hour wait.`,
      confirmText: t`Remove`,
    });
    if (sure) removing.run({ id: entry.id });
  }

  return (
    <li aria-label={entry.label} className="rounded-2xl bg-surface p-4">
      <div className="flex flex-wrap items-center gap-2">
        <p className="min-w-0 font-semibold break-words text-ink" dir="auto">
          {entry.label}
        </p>
        {isUsable(entry) ? null : <StatusBadge tone="processing">{t`Waiting`}</StatusBadge>}
      </div>
      <p className="mt-1">
        <EntryDestination entry={entry} />
      </p>
      <p className="mt-1 text-xs text-muted">{t`Added ${formatTime(entry.createdAt)}`}</p>
      <UsableFrom entry={entry} />
      <div className="mt-3 flex gap-2">
        <Button kind="secondary" inline onClick={onRename} disabled={removing.pending} aria-label={t`Rename ${entry.label}`}>
          {t`Rename`}
        </Button>
        <Button kind="secondary" danger inline busy={removing.pending} onClick={() => void remove()} aria-label={t`Remove ${entry.label}`}>
          {t`Remove`}
        </Button>
      </div>
    </li>
  );
}

/** "Only to my address book": on at once, off a day after it was asked; either way a security change. */
function LockCard({ lock }: { lock: AddressLock }) {
  const { t } = useLingui();
  const formatTime = useFormatTime();
  // The switch shows what the user asked for: on, unless turning it off was asked (it still holds until then).
  const wantedOn = lock.on && lock.offAt === null;
  const action = useMoneyAction<{ on: boolean }, AddressLock>({
    send: (request, payPassword, options, secondFactor) => setAddressLock({ ...request, payPassword: payPassword ?? '', ...(secondFactor ? { secondFactor } : {}) }, options),
    stepUp: true,
    onSuccess(result) {
      toast.success(result.on && result.offAt ? t`It turns off on ${formatTime(result.offAt)}.` : result.on ? t`Withdrawals now go only to your address book.` : t`Turned off.`);
    },
  });


  const status = lock.offAt
    ? t`On until ${formatTime(lock.offAt)}, when it turns off as you asked. Turn it on again to keep it.`
    : lock.on
      ? t`On: withdrawals go only to saved addresses that are usable.`
      : t`Off: you can also type an address when you withdraw.`;

  return (
    <section aria-label={t`Only to my address book`} className="rounded-2xl bg-surface">
      <SwitchRow label={t`Only to my address book`} icon={<LockIcon size={22} />} checked={wantedOn} disabled={action.busy} onChange={() => action.confirm({ on: !wantedOn })} />
      <div className="space-y-3 px-4 pb-4">
        <p className="text-sm text-muted" data-testid="address-lock-state">
          {status}
        </p>
        <p className="text-xs leading-relaxed text-muted">
          <Trans>
            Turning it off takes {ADDRESS_LOCK_OFF_HOURS} hours. Any change to it signs out your other sessions and pauses withdrawals for 24
            hours.
          </Trans>
        </p>
      </div>
      <MoneyActionSheet
        action={action}
        summary={(pending) =>
          pending.on ? (
            <Trans>Turn on “Only to my address book”: withdrawals then go only to saved addresses.</Trans>
          ) : (
            <Trans>Turn off “Only to my address book”: it stays on for {ADDRESS_LOCK_OFF_HOURS} more hours.</Trans>
          )
        }
      />
    </section>
  );
}

const labelFormSchema = z.strictObject({ label: addressLabelSchema });

function RenameDialog({ entry, onClose }: { entry: AddressEntry | null; onClose(): void }) {
  const { t } = useLingui();
  const form = useZodForm(labelFormSchema, { values: { label: entry?.label ?? '' }, params: { max: ADDRESS_LABEL_MAX_LENGTH } });
  function close() {
    form.reset();
    onClose();
  }
  const saving = useAccountMutation({
    call: renameAddressEntry,
    onSuccess() {
      toast.success(t`Address renamed`);
      close();
    },
    onError: (error) => setServerError(form, error, ['label']),
  });
  const submit = submitOnce(form, (data) => entry && saving.run({ id: entry.id, label: data.label }));
  return (
    <FormDialog opened={entry !== null} title={t`Rename address`} busy={saving.pending} confirmText={t`Save`} busyText={t`Saving…`} onSubmit={submit} onCancel={close}>
      <TextField label={t`Name`} maxLength={ADDRESS_LABEL_MAX_LENGTH} autoComplete="off" {...textField(form, 'label')} />
    </FormDialog>
  );
}
