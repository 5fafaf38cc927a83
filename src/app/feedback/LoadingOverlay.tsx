/** The full-screen loading overlay: blocks taps while shown, with "Loading" or the caller's text. */
import { useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { Spinner } from '../../ui/Spinner';
import { loadingAtom } from './loading';

export function LoadingOverlay() {
  const { t } = useLingui();
  const { count, text } = useAtomValue(loadingAtom);
  if (count === 0) return null;
  return (
    <div className="fixed inset-0 z-[80] flex items-center justify-center bg-black/25" role="status" aria-live="assertive">
      <div className="flex min-w-32 flex-col items-center gap-3 rounded-2xl bg-surface px-6 py-5 shadow-xl">
        <Spinner />
        <span className="text-sm text-ink">{text ?? t`Loading`}</span>
      </div>
    </div>
  );
}
