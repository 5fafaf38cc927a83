/**
 * Transfer (SPEC §2, §3, §5): converts EUR into USDT, or USDT into EUR after a swap. As the amount
 * is typed the server quotes rate, fee and what arrives, valid for a short while (counted down on
 * screen); "Convert" asks for the payment password over a summary of that quote, and exactly that
 * quote is executed. When it has expired or the rate moved meanwhile, a new quote is fetched and
 * shown, and the user confirms again: nothing runs that the user has not seen.
 * Served at /transfer and /mine/components/transfer.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { Button, Preloader } from 'konsta/react';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { isApiError, isCancelled } from '../../api/client';
import { executeTransfer, newIdempotencyKey, quoteTransfer } from '../../api/money';
import { useWallet } from '../../api/queries';
import { asOfTime, invalidateAccount } from '../../api/query';
import { toast } from '../../app/feedback/toast';
import { CheckIcon, ClockIcon, InfoIcon, TransferIcon } from '../../app/icons';
import { Screen } from '../../app/Screen';
import type { Asset } from '../../domain/money';
import type { ConversionRecord, QuoteReply } from '../../domain/wire';
import { errorMessage, localeAtom } from '../../i18n';
import { userInfoAtom } from '../../storage/session';
import { Amount, Rate } from '../shared/Amount';
import { AsOf } from '../shared/AsOf';
import { secondsLeft } from '../shared/countdown';
import { PayPasswordSheet } from '../shared/PayPasswordSheet';
import { TextField } from '../shared/TextField';
import { amountProblem, asInput, eurPerUsdt, normaliseTyped, otherAsset, QUOTE_DEBOUNCE_MS, quoteDeadline } from './quote';

interface ShownQuote {
  reply: QuoteReply;
  /** Epoch ms when it stops being valid, by this device's clock. */
  deadline: number;
}

/** The refusals of /transfer that mean "look at a new quote and confirm again". */
const REQUOTE_KEYS = new Set(['transfer.quoteExpired', 'transfer.rateChanged']);

export default function TransferScreen() {
  const { t } = useLingui();
  const wallet = useWallet();
  const walletAsOf = asOfTime(wallet);
  const user = useAtomValue(userInfoAtom);
  const online = useOnline();

  const [from, setFrom] = useState<Asset>('EUR');
  const to = otherAsset(from);
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const [quote, setQuote] = useState<ShownQuote | null>(null);
  const [quoting, setQuoting] = useState(false);
  const [quoteError, setQuoteError] = useState<string | null>(null);
  const [rateUpdated, setRateUpdated] = useState(false);
  /** The quote in the payment sheet: the one the user is confirming and the one executed. */
  const [confirming, setConfirming] = useState<QuoteReply | null>(null);
  const [result, setResult] = useState<ConversionRecord | null>(null);
  /** One idempotency key per confirmed quote; reused only to retry that same quote. */
  const action = useRef<{ quoteId: string; key: string } | null>(null);
  const quoteRound = useRef(0);

  const available = wallet.data?.[from] ?? null;
  const problem = amountProblem(text, from, available);
  const shownProblem = text.trim() || touched ? problem : null;
  const left = useSecondsLeft(quote?.deadline ?? null);
  const expired = quote !== null && left === 0;

  /** Asks for a quote of what is on screen; only the latest request may show its answer. */
  const fetchQuote = useCallback(
    async (input: { from: Asset; amount: string }, signal?: AbortSignal): Promise<boolean> => {
      const round = ++quoteRound.current;
      setQuoting(true);
      setQuoteError(null);
      try {
        const reply = await quoteTransfer({ from: input.from, to: otherAsset(input.from), amount: input.amount }, { signal, quiet: true });
        if (round !== quoteRound.current) return false;
        setQuote({ reply, deadline: quoteDeadline(reply.expiresAt, Date.now()) });
        return true;
      } catch (failure) {
        if (round !== quoteRound.current || isCancelled(failure)) return false;
        setQuote(null);
        setQuoteError(isApiError(failure) ? failure.message : t`The rate could not be loaded. Please try again.`);
        return false;
      } finally {
        if (round === quoteRound.current) setQuoting(false);
      }
    },
    [t],
  );

  // A new amount or direction: the old quote no longer applies; a new one follows a pause in typing.
  const amount = text.trim();
  useEffect(() => {
    quoteRound.current++;
    setQuote(null);
    setQuoting(false);
    setQuoteError(null);
    setRateUpdated(false);
    if (problem) return;
    if (!online) {
      setQuoteError(errorMessage('offline.refused'));
      return;
    }
    const controller = new AbortController();
    setQuoting(true);
    const timer = setTimeout(() => void fetchQuote({ from, amount }, controller.signal), QUOTE_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [amount, from, problem, online, fetchQuote]);

  /**
   * A new quote for the same amount. After the server refused the one the user saw (expired,
   * rate moved), the screen says so: the user checks the new numbers and confirms again.
   */
  async function requote(refused: boolean) {
    action.current = null;
    const fresh = await fetchQuote({ from, amount });
    if (fresh && refused) {
      setRateUpdated(true);
      toast.warning(t`The rate was updated — please check and confirm again.`);
    }
  }

  function convert() {
    setTouched(true);
    if (!navigator.onLine) {
      toast.error(errorMessage('offline.refused'));
      return;
    }
    if (problem || quoting) return;
    if (!quote || expired) {
      void requote(false);
      return;
    }
    if (action.current?.quoteId !== quote.reply.quoteId) {
      action.current = { quoteId: quote.reply.quoteId, key: newIdempotencyKey() };
    }
    setRateUpdated(false);
    setConfirming(quote.reply);
  }

  async function execute(payPassword: string) {
    const shown = confirming;
    const pending = action.current;
    if (!shown || !pending || pending.quoteId !== shown.quoteId) throw new Error('No quote to execute');
    try {
      const record = await executeTransfer({ quoteId: shown.quoteId, payPassword }, { idempotencyKey: pending.key, quiet: true });
      action.current = null;
      setConfirming(null);
      setResult(record);
      setText('');
      setTouched(false);
      toast.success(t`Conversion done`);
      void invalidateAccount();
    } catch (failure) {
      if (isApiError(failure) && failure.key && REQUOTE_KEYS.has(failure.key)) {
        setConfirming(null);
        await requote(true);
        return;
      }
      // Wrong password, network trouble…: the sheet shows why and stays open for another try
      // with the same key, so a conversion that did go through is answered, not repeated.
      // Without an answer the outcome is unknown: the balances on screen should say which.
      if (isApiError(failure) && (failure.kind === 'network' || failure.kind === 'timeout')) void invalidateAccount();
      throw failure;
    }
  }

  function swap() {
    setFrom(to);
    setResult(null);
  }

  if (result) {
    return (
      <Screen>
        <ConversionDone record={result} onAgain={() => setResult(null)} />
      </Screen>
    );
  }

  const reply = quote?.reply;
  return (
    <Screen>
      <div className="space-y-4 px-4 pt-2">
        <section aria-label={t`Direction`} className="rounded-3xl bg-surface p-4">
          <div className="flex items-center gap-3">
            <AssetSide label={t`From`} asset={from} />
            <button
              type="button"
              onClick={swap}
              aria-label={t`Swap currencies`}
              className="flex size-11 shrink-0 items-center justify-center rounded-full bg-sea-50 text-sea-700 active:bg-sea-100"
            >
              <TransferIcon size={22} />
            </button>
            <AssetSide label={t`To`} asset={to} end />
          </div>
          <p className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm text-muted">
            <span>
              <Trans>
                Available: <Amount value={available} asset={from} className="text-ink" />
              </Trans>
            </span>
            {walletAsOf !== null ? <AsOf time={walletAsOf} className="text-muted" /> : null}
          </p>
        </section>

        <TextField
          label={t`Amount (${from})`}
          value={text}
          onChange={(value) => setText(normaliseTyped(value))}
          onBlur={() => text && setTouched(true)}
          error={shownProblem}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          ltr
          trailing={
            <button
              type="button"
              onClick={() => available && setText(asInput(available))}
              disabled={!available}
              className="px-2 py-1 text-sm font-semibold text-sea-700 disabled:opacity-40"
            >
              {t`All`}
            </button>
          }
        />

        {rateUpdated ? (
          <p role="status" className="flex items-start gap-2 rounded-2xl bg-amber-50 px-4 py-3 text-sm text-amber-900">
            <InfoIcon size={18} className="mt-0.5 shrink-0" />
            <Trans>The rate was updated — please check and confirm again.</Trans>
          </p>
        ) : null}

        <section aria-label={t`Quote`} aria-busy={quoting} className="rounded-3xl bg-surface px-4 py-3">
          {reply ? (
            <QuoteDetails reply={reply} secondsLeft={left} />
          ) : quoting ? (
            <p className="flex items-center gap-2 py-2 text-sm text-muted">
              <Preloader className="size-4" />
              {t`Getting the rate…`}
            </p>
          ) : quoteError ? (
            <p role="alert" className="py-2 text-sm text-rose-600">
              {quoteError}
            </p>
          ) : (
            <p className="py-2 text-sm text-muted">
              <Trans>Enter an amount to see the rate, the fee and what you receive.</Trans>
            </p>
          )}
        </section>

        <Button large rounded onClick={convert} disabled={quoting || Boolean(shownProblem)}>
          {expired ? t`Get a new rate` : t`Convert`}
        </Button>
      </div>

      <PayPasswordSheet
        opened={confirming !== null}
        hasPayPassword={Boolean(user?.hasPayPassword)}
        summary={confirming ? <QuoteSummary reply={confirming} /> : null}
        onSubmit={execute}
        onClose={() => setConfirming(null)}
      />
    </Screen>
  );
}

function AssetSide({ label, asset, end }: { label: string; asset: Asset; end?: boolean }) {
  return (
    <div className={`min-w-0 flex-1 ${end ? 'text-end' : 'text-start'}`}>
      <p className="text-xs text-muted">{label}</p>
      <p className="text-xl font-semibold text-ink" data-asset={asset}>
        {asset}
      </p>
    </div>
  );
}

/** Rate, fee and what arrives, exactly as the server quoted them, and how long they hold. */
function QuoteDetails({ reply, secondsLeft: seconds }: { reply: QuoteReply; secondsLeft: number }) {
  const { t } = useLingui();
  const { from, to, rate, feePercent, fee, receive } = reply;
  const reference = eurPerUsdt(rate, from);
  const referenceValue = reference?.value;
  return (
    <>
      <dl className="divide-y divide-line text-sm">
        <Fact label={t`Rate`}>
          <bdi dir="ltr" className="tabular-nums">
            1 {from} = {rate} {to}
          </bdi>
          {reference?.approximate ? (
            <span className="block text-xs text-muted">
              1 USDT ≈ <Rate value={referenceValue!} unit="EUR" />
            </span>
          ) : null}
        </Fact>
        <Fact label={t`Fee rate`}>
          <bdi dir="ltr" className="tabular-nums">
            {feePercent}%
          </bdi>
        </Fact>
        <Fact label={t`Fee`}>
          <bdi dir="ltr" className="tabular-nums">
            {fee} {from}
          </bdi>
        </Fact>
        <Fact label={t`You receive (estimated)`} strong>
          <bdi dir="ltr" className="tabular-nums">
            {receive} {to}
          </bdi>
        </Fact>
      </dl>
      <p className={`mt-2 flex items-center gap-1.5 text-xs ${seconds > 0 ? 'text-muted' : 'text-amber-800'}`}>
        <ClockIcon size={14} />
        {seconds > 0 ? <Trans>This rate holds for {seconds} s.</Trans> : <Trans>This rate has expired. Get a new rate to continue.</Trans>}
      </p>
    </>
  );
}

function Fact({ label, strong, children }: { label: string; strong?: boolean; children: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-3 py-2.5">
      <dt className="text-muted">{label}</dt>
      <dd className={`text-end ${strong ? 'text-base font-semibold text-ink' : 'text-ink'}`}>{children}</dd>
    </div>
  );
}

/** What the payment password confirms: the quote on screen, word for word. */
function QuoteSummary({ reply }: { reply: QuoteReply }) {
  const { amount, from, receive, to, rate, fee } = reply;
  return (
    <p data-quote-id={reply.quoteId}>
      <Trans>
        Convert{' '}
        <bdi dir="ltr">
          {amount} {from}
        </bdi>{' '}
        →{' '}
        <bdi dir="ltr">
          {receive} {to}
        </bdi>{' '}
        at{' '}
        <bdi dir="ltr">
          1 {from} = {rate} {to}
        </bdi>
        , fee{' '}
        <bdi dir="ltr">
          {fee} {from}
        </bdi>
      </Trans>
    </p>
  );
}

function ConversionDone({ record, onAgain }: { record: ConversionRecord; onAgain(): void }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const locale = useAtomValue(localeAtom);
  const { amount, from, receive, to, rate, fee } = record;
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(record.createdAt));
  return (
    <div className="px-4 pt-6">
      <section aria-label={t`Conversion done`} className="rounded-3xl bg-surface p-5">
        <div className="flex flex-col items-center text-center">
          <span className="mb-3 flex size-14 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
            <CheckIcon size={28} />
          </span>
          <h2 className="text-lg font-semibold text-ink">
            <Trans>Conversion done</Trans>
          </h2>
        </div>
        <dl className="mt-4 divide-y divide-line text-sm">
          <Fact label={t`Converted`}>
            <bdi dir="ltr" className="tabular-nums">
              {amount} {from}
            </bdi>
          </Fact>
          <Fact label={t`Rate`}>
            <bdi dir="ltr" className="tabular-nums">
              1 {from} = {rate} {to}
            </bdi>
          </Fact>
          <Fact label={t`Fee`}>
            <bdi dir="ltr" className="tabular-nums">
              {fee} {from}
            </bdi>
          </Fact>
          <Fact label={t`Received`} strong>
            <bdi dir="ltr" className="tabular-nums">
              {receive} {to}
            </bdi>
          </Fact>
          <Fact label={t`Time`}>
            <time dateTime={record.createdAt}>{when}</time>
          </Fact>
        </dl>
      </section>
      <div className="mt-5 space-y-3">
        <Button large rounded onClick={onAgain}>
          <Trans>Convert again</Trans>
        </Button>
        <Button large rounded tonal onClick={() => void navigate({ to: '/assets/assets-log' })}>
          <Trans>Fund record</Trans>
        </Button>
      </div>
    </div>
  );
}

/** Whole seconds until `deadline`, ticking while there are any. */
function useSecondsLeft(deadline: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (deadline === null) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= deadline) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [deadline]);
  return deadline === null ? 0 : secondsLeft(deadline, now);
}

function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the device says it is connected; money actions are refused while it is not. */
function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}
