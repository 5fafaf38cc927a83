/**
 * How an address-book entry is shown wherever it appears (the book, the withdrawal forms, the
 * payment sheet): its label, and its destination shortened with its start and end visible — a
 * crypto address with its network, a bank account with its holder and IBAN — read left to right
 * in every language; and whether it is usable yet.
 */
import { useLingui } from '@lingui/react/macro';
import type { AddressEntry } from '../../domain/wire';
import { maskedIban } from '../shared/money/iban';
import { useFormatTime } from '../shared/records';

/** "T9yDqf…k3pX": enough of an address to recognise it. */
export function shortAddress(address: string): string {
  return address.length > 14 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}

/** Whether a withdrawal may name the entry at `now` (24 hours after it was added). */
export function isUsable(entry: AddressEntry, now: number = Date.now()): boolean {
  return Date.parse(entry.usableAt) <= now;
}

/** The entry's destination, short: "TRC20 · TLa2f6…jU7" or "Mira Haddad · DE89 •••• 3000". */
export function EntryDestination({ entry }: { entry: AddressEntry }) {
  const crypto = entry.kind === 'crypto';
  return (
    <span className="text-sm text-muted">
      <bdi dir={crypto ? 'ltr' : 'auto'}>{crypto ? entry.network : entry.holder}</bdi> ·{' '}
      <bdi dir="ltr" className="tabular-nums tracking-wide" data-address>
        {crypto ? shortAddress(entry.address) : maskedIban(entry.iban)}
      </bdi>
    </span>
  );
}

/** "Usable from 29 Nov 2026, 09:00" for an entry still cooling off; nothing once usable. */
export function UsableFrom({ entry }: { entry: AddressEntry }) {
  const { t } = useLingui();
  const formatTime = useFormatTime();
  if (isUsable(entry)) return null;
  return <span className="text-xs font-medium text-amber-800">{t`Usable from ${formatTime(entry.usableAt)}`}</span>;
}
