/**
 * One money action from the form to the server, the same way on every screen: refused while
 * offline (money never moves without a connection and is never queued, docs/architecture.md),
 * one idempotency key per request (the same request again keeps its key, a changed one gets a new
 * key), the payment-password sheet over a summary of what is confirmed, and after the call:
 *
 * - no answer, the password, the second factor (asked for, wrong), a key still in use: the sheet
 *   stays open to show why and to try again with the same key (no answer: the balances are
 *   fetched again, the outcome is unknown);
 * - any other refusal: the sheet closes and the refusal goes back to the form (under its field
 *   when the server names one);
 * - success: the key is spent, the sheet closes, every account read is fetched again.
 */
import { offerInstall } from '../../../ui/install';
import { useAtomValue } from 'jotai';
import { useState, type ReactNode } from 'react';
import { isApiError, type ApiError } from '../../../api/client';
import { invalidateAccount } from '../../../api/query';
import { userInfoAtom } from '../../../storage/session';
import type { SecondFactorProof } from '../../../domain/validation';
import { PayPasswordSheet } from '../PayPasswordSheet';
import { isRetryableInSheet, useIdempotencyKeys, usePaySheet, type PaySheetState } from './moneyAction';
import { refuseWhenOffline } from './online';

export interface SendOptions {
  idempotencyKey: string;
}

export interface MoneyActionOptions<R, T, F extends string> {
  /**
   * Sends the request; `payPassword` is undefined for an action without one (a deposit).
   * `secondFactor` is given to an action that asks for it (`stepUp`), once the person typed it.
   */
  send(request: R, payPassword: string | undefined, options: SendOptions, secondFactor?: SecondFactorProof): Promise<T>;
  /**
   * The action asks for the second factor too (a withdrawal, a new destination: docs/security.md):
   * the sheet shows its field when the account has one, or when the server asks for it.
   */
  stepUp?: boolean;
  /** After the answer; account reads are already being refreshed. */
  onSuccess(result: T, request: R): void | Promise<void>;
  /** A refusal of the request (not retried in the sheet), after the sheet closed. */
  onRefused?(error: unknown): void | Promise<void>;
  /** Which form field a refusal goes under: by default the envelope's `field`, when it is one of `fields`. */
  fieldOf?(error: ApiError): F | undefined;
  fields?: readonly F[];
  /** Puts a server's refusal under one field of the form. */
  onFieldError?(field: F, message: string): void;
  /**
   * Whether a failure stays in the sheet for another try with the same key (default: no answer,
   * the password, the key still in use). A screen whose calls are quiet keeps every other refusal there too.
   */
  keepsSheetOpen?(error: unknown): boolean;
}

export interface MoneyAction<R> {
  /** The request in the payment sheet: what the user is confirming. */
  pending: R | null;
  sheet: PaySheetState;
  /** Checks the connection, then asks for the payment password over `request`. False when refused. */
  confirm(request: R): boolean;
  /** Checks the connection, then sends `request` without a payment password (no sheet). */
  sendNow(request: R): Promise<void>;
  /** The sheet's action: sends the pending request with the payment password (and the second factor). */
  submit(payPassword: string, secondFactor?: SecondFactorProof): Promise<void>;
  /** Whether the action asks for the second factor (MoneyActionOptions.stepUp). */
  stepUp: boolean;
  /** Closes the sheet; nothing is pending any more. */
  close(): void;
  busy: boolean;
}

export function useMoneyAction<R, T, F extends string = never>(options: MoneyActionOptions<R, T, F>): MoneyAction<R> {
  const keys = useIdempotencyKeys();
  const sheet = usePaySheet();
  const [pending, setPending] = useState<R | null>(null);
  const [busy, setBusy] = useState(false);

  function fieldOf(error: ApiError): F | undefined {
    if (options.fieldOf) return options.fieldOf(error);
    return options.fields?.find((name) => name === error.field);
  }

  function close() {
    sheet.close();
    setPending(null);
  }

  async function run(request: R, payPassword: string | undefined, secondFactor?: SecondFactorProof): Promise<void> {
    let result: T;
    try {
      // The key covers the request, not the password or the code: another try with a code is the same action.
      result = await options.send(request, payPassword, { idempotencyKey: keys.keyFor(request) }, secondFactor);
    } catch (error) {
      if (payPassword !== undefined && (options.keepsSheetOpen ?? isRetryableInSheet)(error)) {
        // Without an answer the outcome is unknown: the balances on screen should say which.
        if (isApiError(error) && (error.kind === 'network' || error.kind === 'timeout')) void invalidateAccount();
        throw error;
      }
      // Refused as a request (the API client has shown its text): back to the form to correct it.
      close();
      if (isApiError(error)) {
        if (error.key === 'idempotency.keyReused') keys.finish();
        const field = fieldOf(error);
        if (field) options.onFieldError?.(field, error.message);
      }
      await options.onRefused?.(error);
      return;
    }
    keys.finish();
    close();
    void invalidateAccount();
    await options.onSuccess(result, request);
    // Something worth coming back for was done: the moment to offer the install (once).
    void offerInstall();
  }

  return {
    pending,
    sheet,
    busy,
    confirm(request) {
      if (refuseWhenOffline()) return false;
      setPending(request);
      sheet.open();
      return true;
    },
    async sendNow(request) {
      if (busy || refuseWhenOffline()) return;
      setBusy(true);
      try {
        await run(request, undefined);
      } finally {
        setBusy(false);
      }
    },
    async submit(payPassword, secondFactor) {
      if (pending !== null) await run(pending, payPassword, secondFactor);
    },
    stepUp: options.stepUp ?? false,
    close,
  };
}

/**
 * The payment-password sheet of a money action, mounted fresh for each confirmation. `summary`
 * says what is confirmed: written from the pending request when it is a function.
 */
export function MoneyActionSheet<R>({ action, summary }: { action: MoneyAction<R>; summary: ReactNode | ((pending: R) => ReactNode) }) {
  const user = useAtomValue(userInfoAtom);
  if (!action.sheet.mounted) return null;
  return (
    <PayPasswordSheet
      key={action.sheet.key}
      opened={action.sheet.opened}
      summary={typeof summary === 'function' ? (action.pending === null ? null : summary(action.pending)) : summary}
      onSubmit={action.submit}
      onClose={action.close}
      hasPayPassword={Boolean(user?.hasPayPassword)}
      secondFactor={action.stepUp ? user?.secondFactorMethods : undefined}
    />
  );
}
