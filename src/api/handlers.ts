/**
 * What the API client needs from the app shell. The client never imports UI: the shell registers
 * these once at startup, which keeps src/api testable and free of React.
 */
export type ToastKind = 'error' | 'success' | 'warning' | 'info' | 'message';

/**
 * Why the session ended: the user logged out, the server answered HTTP 401, or a reply carried
 * type '999'. After 'unauthorized' the shell also drops its kept-alive views: they belong to someone who is gone.
 */
export type SessionEndReason = 'logout' | 'unauthorized' | 'sessionGone';

export interface ClientHandlers {
  toast(kind: ToastKind, text: string, durationMs: number): void;
  sessionEnded(reason: SessionEndReason): void;
  navigate(path: string): void;
}

// Until the shell registers its own, messages at least reach the console instead of vanishing.
const defaults: ClientHandlers = {
  toast: (kind, text) => console.info(`[toast:${kind}] ${text}`),
  sessionEnded: (reason) => console.info(`[session ended: ${reason}]`),
  navigate: (path) => console.info(`[navigate ${path}]`),
};

let current: ClientHandlers = { ...defaults };

/** Registers the shell's handlers; omitted ones keep their previous behaviour. */
export function setClientHandlers(handlers: Partial<ClientHandlers>): void {
  current = { ...current, ...handlers };
}

export function clientHandlers(): ClientHandlers {
  return current;
}
