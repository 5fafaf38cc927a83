/**
 * How far an upload is: a bar and "45 % · 0.9 of 2.0 MB", instead of a spinner that says nothing
 * about a slow connection. `useUploadProgress` keeps the figures; its `report` goes to the call
 * (RequestOptions.onUploadProgress).
 */
import { Trans } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { useCallback, useState } from 'react';
import { formatPercent } from '../domain/format';
import { localeAtom } from '../i18n';

export interface Progress {
  sent: number;
  total: number;
}

export function useUploadProgress() {
  const [progress, setProgress] = useState<Progress | null>(null);
  const report = useCallback((sent: number, total: number) => setProgress({ sent, total }), []);
  const reset = useCallback(() => setProgress(null), []);
  return { progress, report, reset };
}

function megabytes(bytes: number, locale: string): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1, numberingSystem: 'latn' }).format(bytes / (1024 * 1024));
}

export function UploadProgressBar({ progress, tone = 'sea' }: { progress: Progress | null; tone?: 'sea' | 'white' }) {
  const locale = useAtomValue(localeAtom);
  const percent = progress && progress.total > 0 ? Math.min(100, Math.floor((progress.sent * 100) / progress.total)) : 0;
  const sent = megabytes(progress?.sent ?? 0, locale);
  const total = megabytes(progress?.total ?? 0, locale);
  const done = formatPercent(String(percent), locale);
  const track = tone === 'white' ? 'bg-white/30' : 'bg-sea-100';
  const bar = tone === 'white' ? 'bg-white' : 'bg-sea-600';
  return (
    <span className="flex w-full flex-col gap-1">
      <span role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className={`block h-1.5 w-full overflow-hidden rounded-full ${track}`}>
        <span className={`block h-full rounded-full ${bar} transition-[width]`} style={{ width: `${percent}%` }} />
      </span>
      <span className="text-xs tabular-nums" data-upload-progress={percent}>
        <Trans>
          {done} · {sent} of {total} MB
        </Trans>
      </span>
    </span>
  );
}
