/**
 * Toasts: short notices that go away by themselves. Several can be on screen at once,
 * stacked, newest last. Plain functions over a jotai atom, so the API client, route guards and
 * event handlers can all raise one without a React context.
 */
import { atom, getDefaultStore } from 'jotai';
import type { ToastKind } from '../../api/client';
import { TOAST_MS } from '../../domain/constants';

export type { ToastKind };

export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
  durationMs: number;
}

export const toastsAtom = atom<Toast[]>([]);

let nextId = 1;

/** Shows a toast for `durationMs` (2 s by default) and returns its id. */
export function showToast(kind: ToastKind, text: string, durationMs: number = TOAST_MS): number {
  const store = getDefaultStore();
  const id = nextId++;
  store.set(toastsAtom, (toasts) => [...toasts, { id, kind, text, durationMs }]);
  setTimeout(() => dismissToast(id), durationMs);
  return id;
}

export function dismissToast(id: number): void {
  getDefaultStore().set(toastsAtom, (toasts) => toasts.filter((toast) => toast.id !== id));
}

export const toast = {
  success: (text: string, durationMs?: number) => showToast('success', text, durationMs),
  error: (text: string, durationMs?: number) => showToast('error', text, durationMs),
  warning: (text: string, durationMs?: number) => showToast('warning', text, durationMs),
  info: (text: string, durationMs?: number) => showToast('info', text, durationMs),
  message: (text: string, durationMs?: number) => showToast('message', text, durationMs),
};
