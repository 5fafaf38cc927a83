/**
 * Shows the first dialog of confirmQueueAtom (ConfirmDialog.tsx, Konsta's Dialog) over our own
 * overlay; a tap on the overlay cancels.
 */
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useState } from 'react';
import { cancelConfirm, confirmQueueAtom } from '../../ui/feedback/confirm';

// Konsta's Dialog merges its classes with tailwind-merge, whose first call builds its whole class
// table (tens of milliseconds on a phone, in one task), and brings Konsta's dialog and button code:
// both are loaded with the first confirmation, not with the first screen.
const ConfirmDialog = lazy(() => import('./ConfirmDialog'));

export function ConfirmHost() {
  const queue = useAtomValue(confirmQueueAtom);
  const dialog = queue[0];
  // Once shown, the dialog stays mounted for its closing transitions.
  const [used, setUsed] = useState(false);
  if (dialog && !used) setUsed(true);
  return (
    <>
      {/* Our own overlay rather than Konsta's, so "a tap outside cancels" has one clear owner. */}
      <div
        data-confirm-overlay
        aria-hidden="true"
        onClick={() => dialog && cancelConfirm(dialog)}
        className={`fixed inset-0 z-40 bg-black/50 transition-opacity duration-300 ${dialog ? 'opacity-100' : 'pointer-events-none invisible opacity-0'}`}
      />
      {used || dialog ? (
        <Suspense fallback={null}>
          <ConfirmDialog dialog={dialog} />
        </Suspense>
      ) : null}
    </>
  );
}
