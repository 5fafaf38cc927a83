/**
 * The confirm dialog: `await confirm({...})` resolves true for the confirm button and
 * false for cancel or a tap on the overlay. With an async `onConfirm` the dialog stays open and
 * its confirm button waits until the work is done, so a slow logout or payment cannot be tapped
 * twice; if the work fails the dialog stays open for another try or a cancel.
 */
import { atom, getDefaultStore } from 'jotai';
import type { ReactNode } from 'react';

export interface ConfirmOptions {
  /** Defaults to the translated "Please confirm". */
  title?: ReactNode;
  content?: ReactNode;
  /** Defaults to the translated "Confirm" and "Cancel". */
  confirmText?: ReactNode;
  cancelText?: ReactNode;
  onConfirm?: () => unknown;
}

export interface OpenConfirm extends ConfirmOptions {
  id: number;
  waiting: boolean;
  settle(confirmed: boolean): void;
}

/** Dialogs asked for, first one on screen; a second request waits its turn instead of replacing. */
export const confirmQueueAtom = atom<OpenConfirm[]>([]);

let nextId = 1;

export function confirm(options: ConfirmOptions): Promise<boolean> {
  const store = getDefaultStore();
  return new Promise<boolean>((resolve) => {
    const id = nextId++;
    const settle = (confirmed: boolean) => {
      store.set(confirmQueueAtom, (queue) => queue.filter((dialog) => dialog.id !== id));
      resolve(confirmed);
    };
    store.set(confirmQueueAtom, (queue) => [...queue, { ...options, id, waiting: false, settle }]);
  });
}

function setWaiting(id: number, waiting: boolean): void {
  getDefaultStore().set(confirmQueueAtom, (queue) =>
    queue.map((dialog) => (dialog.id === id ? { ...dialog, waiting } : dialog)),
  );
}

/** The confirm button of dialog `dialog` was pressed. */
export async function acceptConfirm(dialog: OpenConfirm): Promise<void> {
  if (dialog.waiting) return;
  if (!dialog.onConfirm) {
    dialog.settle(true);
    return;
  }
  setWaiting(dialog.id, true);
  try {
    await dialog.onConfirm();
  } catch {
    // The failure was already told (the API client toasts it); the user may retry or cancel.
    setWaiting(dialog.id, false);
    return;
  }
  dialog.settle(true);
}

/** Cancel button or overlay tap; ignored while the confirmed work is running. */
export function cancelConfirm(dialog: OpenConfirm): void {
  if (dialog.waiting) return;
  dialog.settle(false);
}
