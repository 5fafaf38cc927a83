/** Toasts and the confirm dialog, mounted once beside the router. */
import { ConfirmHost } from './ConfirmHost';
import { ToastHost } from './ToastHost';

export function FeedbackHosts() {
  return (
    <>
      <ToastHost />
      <ConfirmHost />
    </>
  );
}
