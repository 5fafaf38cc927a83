/**
 * Connects the API client to the shell: its error toasts become our toasts, an ended session
 * drops the kept views and leaves the user's socket room, and its navigation goes through the router.
 */
import { setClientHandlers } from '../api/client';
import * as realtime from '../realtime/socket';
import { showToast } from '../ui/feedback/toast';
import { dropKeptViews } from './keptViews';
import { splitHref } from '../ui/navigation';
import { router } from './router';

export function registerClientHandlers(): void {
  setClientHandlers({
    toast: (kind, text, durationMs) => showToast(kind, text, durationMs),
    sessionEnded: () => {
      realtime.joinAccount(null);
      dropKeptViews();
    },
    navigate: (href) => {
      const { to, search } = splitHref(href);
      void router.navigate({ to, search, replace: true });
    },
  });
}
