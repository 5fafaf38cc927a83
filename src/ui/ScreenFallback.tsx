/** What shows for the moment a screen's code is still loading: the page colour and a spinner. */
import { useLingui } from '@lingui/react/macro';
import { Spinner } from './Spinner';

export function ScreenFallback() {
  const { t } = useLingui();
  return (
    <div className="absolute inset-0 flex items-center justify-center bg-canvas" role="status" aria-label={t`Loading`}>
      <Spinner />
    </div>
  );
}
