/**
 * The quote of the conversion screen: asked for after a pause in typing, only the answer to the
 * latest request shown, counted down to its expiry, and asked for again on demand (expired, or
 * refused at execution because it expired or the rate moved).
 */
import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { isApiError, isCancelled } from '../../api/client';
import { quoteConversion } from './api/calls';
import type { Asset } from '../../domain/money';
import type { QuoteReply } from '../../domain/wire';
import { errorMessage } from '../../i18n';
import { secondsLeft } from '../../ui/countdown';
import { otherAsset, QUOTE_DEBOUNCE_MS, quoteDeadline } from './quote';

export interface ShownQuote {
  reply: QuoteReply;
  /** Epoch ms when it stops being valid, by this device's clock. */
  deadline: number;
}

interface Answer {
  /** The request it answers: direction and amount. */
  request: string;
  quote: ShownQuote | null;
  error: string | null;
  /** A new quote for the same request is on its way; the last one stays shown meanwhile. */
  refreshing: boolean;
}

export interface Quote {
  /** The request being quoted ("EUR 100"), null while the amount cannot be quoted. */
  request: string | null;
  quote: ShownQuote | null;
  quoting: boolean;
  error: string | null;
  secondsLeft: number;
  expired: boolean;
  /** Asks again for the same amount; true when a new quote arrived. */
  requote(): Promise<boolean>;
}

/**
 * The quote for converting `amount` from `from`; `quotable` false (the amount has a problem)
 * asks for nothing. Offline nothing is asked either: the screen says money does not move offline.
 */
export function useQuote(from: Asset, amount: string, quotable: boolean, online: boolean): Quote {
  const { t } = useLingui();
  const request = quotable ? `${from} ${amount}` : null;
  const [answer, setAnswer] = useState<Answer | null>(null);
  const round = useRef(0);

  // A new amount or direction: the old answer no longer applies (dropped while rendering, so it
  // never shows next to the new amount).
  if (answer !== null && answer.request !== request) setAnswer(null);
  const current = answer !== null && answer.request === request ? answer : null;

  const fetchQuote = useCallback(
    async (input: { request: string; from: Asset; amount: string }, signal?: AbortSignal): Promise<boolean> => {
      const mine = ++round.current;
      setAnswer((previous) =>
        previous?.request === input.request
          ? { ...previous, error: null, refreshing: true }
          : { request: input.request, quote: null, error: null, refreshing: true },
      );
      try {
        const reply = await quoteConversion({ from: input.from, to: otherAsset(input.from), amount: input.amount }, { signal, quiet: true });
        if (mine !== round.current) return false;
        setAnswer({ request: input.request, quote: { reply, deadline: quoteDeadline(reply.expiresAt, Date.now()) }, error: null, refreshing: false });
        return true;
      } catch (failure) {
        if (mine !== round.current || isCancelled(failure)) return false;
        const error = isApiError(failure) ? failure.message : t`The rate could not be loaded. Please try again.`;
        setAnswer({ request: input.request, quote: null, error, refreshing: false });
        return false;
      }
    },
    [t],
  );

  useEffect(() => {
    // Whatever was asked before is no longer wanted.
    round.current++;
    if (request === null || !online) return;
    const controller = new AbortController();
    const timer = setTimeout(() => void fetchQuote({ request, from, amount }, controller.signal), QUOTE_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [request, from, amount, online, fetchQuote]);

  const quote = current?.quote ?? null;
  const left = useSecondsLeft(quote?.deadline ?? null);
  const offline = request !== null && !online;
  return {
    request,
    quote,
    quoting: request !== null && online && (current === null || current.refreshing),
    error: offline ? errorMessage('offline.refused') : (current?.error ?? null),
    secondsLeft: left,
    expired: quote !== null && left === 0,
    requote: () => (request === null ? Promise.resolve(false) : fetchQuote({ request, from, amount })),
  };
}

/** Whole seconds until `deadline`, read from the clock four times a second while there are any. */
function useSecondsLeft(deadline: number | null): number {
  const subscribe = useCallback(
    (onTick: () => void) => {
      if (deadline === null) return () => undefined;
      const timer = setInterval(() => {
        onTick();
        if (Date.now() >= deadline) clearInterval(timer);
      }, 250);
      return () => clearInterval(timer);
    },
    [deadline],
  );
  return useSyncExternalStore(
    subscribe,
    () => (deadline === null ? 0 : secondsLeft(deadline, Date.now())),
    () => 0,
  );
}
