/**
 * The two halves of every money action on these screens: the idempotency key (docs/api.md) and
 * the payment-password sheet.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { isApiError } from '../../../api/client';
import { newIdempotencyKey } from '../../../api/pay';

const identities = new WeakMap<object, number>();
let nextIdentity = 1;

/** The action's values as text; a file counts by identity (the same chosen file, not its name). */
function fingerprintOf(action: unknown): string {
  return JSON.stringify(action, (_name, value: unknown) => {
    if (typeof Blob !== 'undefined' && value instanceof Blob) {
      if (!identities.has(value)) identities.set(value, nextIdentity++);
      return `blob#${identities.get(value)}`;
    }
    return value;
  });
}

export interface IdempotencyKeys {
  /**
   * The key for sending `action`: the one already made when this is the same action again (a
   * retry after a lost answer, another payment password), a new one when anything changed.
   */
  keyFor(action: unknown): string;
  /** After a success, or when the server no longer takes the key: the next action is a new one. */
  finish(): void;
}

export function useIdempotencyKeys(): IdempotencyKeys {
  const current = useRef<{ fingerprint: string; key: string } | null>(null);
  return useMemo(
    () => ({
      keyFor(action: unknown) {
        const fingerprint = fingerprintOf(action);
        if (current.current?.fingerprint !== fingerprint) current.current = { fingerprint, key: newIdempotencyKey() };
        return current.current.key;
      },
      finish() {
        current.current = null;
      },
    }),
    [],
  );
}

/**
 * Whether the payment-password sheet should keep a failure to show it and let the user try
 * again with the same key: no answer (network, time limit), the password itself, the second
 * factor (asked for, wrong or locked, a passkey's answer refused), or the key still in use. Anything else is a refusal of the request, shown on the form.
 */
export function isRetryableInSheet(error: unknown): boolean {
  if (!isApiError(error)) return true;
  if (error.kind === 'network' || error.kind === 'timeout' || error.kind === 'cancelled') return true;
  const key = error.key ?? '';
  return key.startsWith('payPassword.') || key.startsWith('secondFactor.') || key.startsWith('passkey.') || key === 'idempotency.inProgress';
}

export interface PaySheetState {
  /** Render the sheet only when mounted: its PIN field takes the focus when it appears. */
  mounted: boolean;
  /** Changes with each opening, so the sheet appears fresh (and focused) every time. */
  key: number;
  opened: boolean;
  open(): void;
  close(): void;
}

/** Mounts the sheet closed, then opens it a frame later so it slides in. */
export function usePaySheet(): PaySheetState {
  const [state, setState] = useState({ key: 0, opened: false });
  const open = useCallback(() => {
    setState((previous) => ({ key: previous.key + 1, opened: false }));
    const show = () => setState((previous) => ({ ...previous, opened: true }));
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => requestAnimationFrame(show));
    else setTimeout(show, 0);
  }, []);
  const close = useCallback(() => setState((previous) => ({ ...previous, opened: false })), []);
  return { mounted: state.key > 0, key: state.key, opened: state.opened, open, close };
}
