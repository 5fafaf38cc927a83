/**
 * The withdrawal pause after a security change (docs/security.md, "Security changes"): for 24 hours
 * after a password, contact or second factor changed, no money leaves the account, in case someone
 * else made the change. Said calmly, with the moment withdrawals resume, above the withdrawal
 * screens before anything is filled in (from the security overview), and again when a withdrawal
 * is refused with 403 `withdraw.paused` (its `data.until` goes into that overview at once).
 */
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { isApiError } from '../../../api/client';
import { currentUserId, queryClient } from '../../../api/query';
import { securityOverviewQuery, useSecurityOverview } from '../../../api/queries';
import type { SecurityOverview } from '../../../domain/wire';
import { ClockIcon } from '../../../ui/moreIcons';
import { useFormatTime } from '../records';

/** When withdrawals resume while a pause runs (ISO), else null; the screen changes by itself when it ends. */
export function useWithdrawalPause(): string | null {
  const until = useSecurityOverview().data?.withdrawalsPausedUntil ?? null;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    // Looked at again just after it ends (at once when it already has). Timers take at most about
    // 24.8 days; a pause lasts one.
    const left = Date.parse(until) - Date.now();
    const timer = setTimeout(() => setNow(Date.now()), Math.min(Math.max(left, 0) + 250, 2_147_000_000));
    return () => clearTimeout(timer);
  }, [until]);
  return until !== null && Date.parse(until) > now ? until : null;
}

/** A refusal of a withdrawal because of the pause: the overview learns when it ends (true when it was one). */
export function notePausedWithdrawals(error: unknown): boolean {
  if (!isApiError(error) || error.key !== 'withdraw.paused') return false;
  const userId = currentUserId();
  const until = (error.data as { until?: unknown } | null)?.until;
  if (userId && typeof until === 'string') {
    const { queryKey } = securityOverviewQuery(userId);
    queryClient.setQueryData<SecurityOverview>(queryKey, (overview) => (overview ? { ...overview, withdrawalsPausedUntil: until } : overview));
    void queryClient.invalidateQueries({ queryKey });
  }
  return true;
}

/** "Withdrawals resume on 29 Nov 2026, 14:05", why, and the way to the security centre. */
export function WithdrawalPauseNotice({ until, centreLink = true }: { until: string; centreLink?: boolean }) {
  const formatTime = useFormatTime();
  const time = formatTime(until);
  return (
    <section role="note" className="flex gap-3 rounded-2xl border border-sea-100 bg-sea-50 px-4 py-3 text-sm text-ink">
      <ClockIcon size={20} className="mt-0.5 shrink-0 text-sea-700" />
      <div className="min-w-0 space-y-1">
        <p className="font-semibold">
          <Trans>
            Withdrawals resume on <time dateTime={until}>{time}</time>
          </Trans>
        </p>
        <p className="text-muted">
          <Trans>
            A security setting of your account changed, so no money leaves it for 24 hours. This protects you if someone else made the
            change. Your balance is safe.
          </Trans>
        </p>
        {centreLink ? (
          <Link to="/setting/security" className="-ms-2 inline-flex min-h-11 items-center px-2 font-semibold text-sea-700">
            <Trans>See what changed</Trans>
          </Link>
        ) : null}
      </div>
    </section>
  );
}
