/**
 * Where a withdrawal goes, picked from the address book: the entries of the method's kind (a new
 * one shown with the time it becomes usable, and not pickable before), and — while "only to my
 * address book" is off — the way of today (an address typed, the bound bank account). While the
 * lock is on, it says so and leads to the book. A refusal about the entry (its wait, the lock, an
 * entry gone) is said under it.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { AddressBook, AddressEntry } from '../../domain/wire';
import { useAddressBook } from './api/queries';
import { EntryDestination, isUsable, UsableFrom } from './entries';

export interface EntryPickerProps {
  kind: AddressEntry['kind'];
  book: AddressBook | undefined;
  /** The entry picked; undefined: the other way (typed, or the bound account). */
  value: number | undefined;
  onChange(entryId: number | undefined): void;
  /** The other way's row ("Type an address", the bound account); null when there is none. */
  other: ReactNode | null;
  error?: string;
}

/**
 * The address book for a withdrawal form, or `waiting` while its first read is under way: a form
 * starts from it (the lock decides the starting destination), so it waits for it — the route's
 * loader has usually put it in the cache already. A book that cannot be read is none (the server decides).
 */
export function useBookForForm(): { book: AddressBook | undefined; waiting: boolean } {
  const state = useAddressBook();
  return { book: state.data ?? undefined, waiting: state.isPending && state.fetchStatus === 'fetching' };
}

/** The entries of `kind` in `book`, and whether the lock holds (a book not loaded: none, off — the server decides). */
export function bookFor(book: AddressBook | undefined, kind: AddressEntry['kind']): { entries: AddressEntry[]; locked: boolean } {
  return { entries: book?.entries.filter((entry) => entry.kind === kind) ?? [], locked: book?.lock.on ?? false };
}

/**
 * The entry a form starts from: the first usable one (a destination saved is one the person means
 * to use), unless the lock is off and the other way already names a destination (`other`: the
 * bound bank account), which then stays the start; none when no entry is usable yet.
 */
export function startingEntry(book: AddressBook | undefined, kind: AddressEntry['kind'], other = false): number | undefined {
  const { entries, locked } = bookFor(book, kind);
  return locked || !other ? entries.find((entry) => isUsable(entry))?.id : undefined;
}

export function EntryPicker({ kind, book, value, onChange, other, error }: EntryPickerProps) {
  const { t } = useLingui();
  const { entries, locked } = bookFor(book, kind);
  const row = 'flex min-h-14 cursor-pointer items-start gap-3 rounded-xl px-3 py-3 has-[:checked]:bg-sea-50 has-[:disabled]:cursor-default has-[:disabled]:opacity-70';
  return (
    <fieldset className="space-y-2" aria-describedby={error ? 'entry-error' : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-ink">{t`Send to`}</legend>
      {locked ? (
        <p role="note" className="rounded-xl bg-sea-50 px-3 py-2 text-sm text-sea-900">
          <Trans>
            “Only to my address book” is on: choose a saved address.{' '}
            <Link to="/withdraw/address-book" className="font-semibold text-sea-700 underline">
              Address book
            </Link>
          </Trans>
        </p>
      ) : null}
      {entries.length > 0 || other ? (
        <div className="rounded-2xl bg-surface p-1">
          {entries.map((entry) => (
            <label key={entry.id} className={row}>
              <input
                type="radio"
                name="destination"
                className="mt-1 size-4 accent-sea-600"
                checked={value === entry.id}
                disabled={!isUsable(entry)}
                onChange={() => onChange(entry.id)}
              />
              <span className="min-w-0 flex-1">
                <span className="block font-semibold break-words text-ink" dir="auto">
                  {entry.label}
                </span>
                <EntryDestination entry={entry} />
                <span className="block">
                  <UsableFrom entry={entry} />
                </span>
              </span>
            </label>
          ))}
          {other && !locked ? (
            <label className={row}>
              <input type="radio" name="destination" className="mt-1 size-4 accent-sea-600" checked={value === undefined} onChange={() => onChange(undefined)} />
              <span className="min-w-0 flex-1 text-ink">{other}</span>
            </label>
          ) : null}
        </div>
      ) : null}
      {error ? (
        <p id="entry-error" role="alert" className="text-xs text-rose-700">
          {error}
        </p>
      ) : null}
      <Link to="/withdraw/address-book" className="inline-flex min-h-11 items-center text-sm font-semibold text-sea-700">
        {entries.length > 0 ? t`Manage saved addresses` : t`Save addresses in your address book`}
      </Link>
    </fieldset>
  );
}
