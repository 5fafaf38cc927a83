/** What a screen shows while its read is on the way, and when it failed with nothing kept to show. */
import { useLingui } from '@lingui/react/macro';
import { Preloader } from 'konsta/react';
import { failureText } from '../api/query';

export function Loading({ className = 'py-16' }: { className?: string }) {
  const { t } = useLingui();
  return (
    <div className={`flex justify-center ${className}`} role="status" aria-label={t`Loading`}>
      <Preloader />
    </div>
  );
}

export function LoadError({ error, className = '' }: { error: unknown; className?: string }) {
  return (
    <p role="alert" className={`rounded-2xl bg-rose-50 px-4 py-3 text-sm text-rose-900 ${className}`}>
      {failureText(error)}
    </p>
  );
}
