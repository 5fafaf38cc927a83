/** Toasts, the confirm dialog and the loading overlay, mounted once beside the router. */
import { ConfirmHost } from './ConfirmHost';
import { LoadingOverlay } from './LoadingOverlay';
import { ToastHost } from './ToastHost';

export function FeedbackHosts() {
  return (
    <>
      <ToastHost />
      <ConfirmHost />
      <LoadingOverlay />
    </>
  );
}
