/**
 * Conversion: EUR into USDT or USDT into EUR, starting from the currency the user has (a swap turns
 * it round). As the amount is typed the
 * server quotes rate, fee and what arrives, valid for a short while (counted down on screen);
 * "Convert" asks for the payment password over a summary of that quote, and exactly that quote
 * is executed. When it has expired or the rate moved meanwhile, a new quote is fetched and shown,
 * and the user confirms again: nothing runs that the user has not seen.
 * Served at /transfer and /mine/components/transfer.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Preloader } from 'konsta/react';
import { Button } from '../../ui/Button';
import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { isApiError } from '../../api/client';
import { executeConversion } from './api/calls';
import { useWallet } from '../../api/queries';
import { asOfTime } from '../../api/query';
import { toast } from '../../ui/feedback/toast';
import { InfoIcon } from '../../ui/icons';
import { Screen } from '../../ui/Screen';
import type { Asset } from '../../domain/money';
import { quoteRequestSchema } from '../../domain/payments';
import type { ConversionRecord, QuoteReply } from '../../domain/wire';
import { useZodForm } from '../../ui/form/form';
import { refuseWhenOffline, useOnline } from '../shared/money/online';
import { MoneyActionSheet, useMoneyAction } from '../shared/money/useMoneyAction';
import { PayPasswordNotice } from '../shared/money/PayPasswordNotice';
import { AmountField, ConversionDone, DirectionCard, QuoteDetails, QuoteSummary } from './parts';
import { amountProblem, asInput, normaliseTyped, otherAsset, startingAsset } from './quote';
import { useQuote } from './useQuote';

/** The refusals of /transfer that mean "look at a new quote and confirm again". */
const REQUOTE_KEYS = new Set(['transfer.quoteExpired', 'transfer.rateChanged']);
const isRequote = (error: unknown) => isApiError(error) && Boolean(error.key && REQUOTE_KEYS.has(error.key));

export default function ConversionScreen() {
  const { t } = useLingui();
  const wallet = useWallet();
  const online = useOnline();

  // Direction and amount as the shared quote schema takes them; the amount's live check adds
  // this asset's decimals and the balance, which the schema does not know.
  const start = startingAsset(wallet.data);
  const form = useZodForm(quoteRequestSchema, { defaultValues: { from: start, to: otherAsset(start), amount: '' } });
  const from = useWatch({ control: form.control, name: 'from' }) as Asset;
  // Balances that arrive after the screen opened choose the start too, until the user has chosen.
  useEffect(() => {
    if (form.formState.isDirty || form.getValues('from') === start) return;
    form.reset({ from: start, to: otherAsset(start), amount: '' });
  }, [form, start]);
  const to = otherAsset(from);
  const text = (useWatch({ control: form.control, name: 'amount' }) as string | undefined) ?? '';
  const touched = Boolean(form.formState.touchedFields.amount);
  const setText = (value: string) => form.setValue('amount', value, { shouldDirty: true });
  const touch = () => form.setValue('amount', text, { shouldTouch: true });
  /** The request whose quote replaced one the server refused: the screen says the rate was updated. */
  const [updatedFor, setUpdatedFor] = useState<string | null>(null);
  const [result, setResult] = useState<ConversionRecord | null>(null);

  const available = wallet.data?.[from] ?? null;
  const amount = text.trim();
  const problem = amountProblem(text, from, available);
  const shownProblem = amount || touched ? problem : null;
  const quote = useQuote(from, amount, problem === null, online);
  const rateUpdated = updatedFor !== null && updatedFor === quote.request;

  // One idempotency key per quote: the same quote again (another password) keeps it, a new quote gets a new one.
  // The calls are quiet: every refusal but a stale quote is shown in the sheet, for another try.
  const action = useMoneyAction<QuoteReply, ConversionRecord>({
    send: (reply, payPassword, options) => executeConversion({ quoteId: reply.quoteId, payPassword: payPassword ?? '' }, { ...options, quiet: true }),
    keepsSheetOpen: (error) => !isRequote(error),
    onSuccess(record) {
      setResult(record);
      form.reset({ from, to, amount: '' });
      // The result panel says it, with the figures: a toast on top of it only repeated its heading.
    },
    async onRefused(error) {
      if (isRequote(error)) await requote(true);
    },
  });

  /**
   * A new quote for the same amount. After the server refused the one the user saw (expired,
   * rate moved), the screen says so: the user checks the new numbers and confirms again.
   */
  async function requote(refused: boolean) {
    const fresh = await quote.requote();
    if (fresh && refused) {
      setUpdatedFor(quote.request);
      toast.warning(t`The rate was updated — please check and confirm again.`);
    }
  }

  function convert() {
    touch();
    if (refuseWhenOffline()) return;
    if (problem || quote.quoting) return;
    const shown = quote.quote;
    if (!shown || quote.expired) {
      void requote(false);
      return;
    }
    void form.handleSubmit(() => {
      setUpdatedFor(null);
      action.confirm(shown.reply);
    })();
  }

  if (result) {
    return (
      <Screen>
        <ConversionDone record={result} onAgain={() => setResult(null)} />
      </Screen>
    );
  }

  const reply = quote.quote?.reply;
  return (
    <Screen>
      <div className="space-y-4 px-4 pt-2">
        <PayPasswordNotice />
        <DirectionCard from={from} to={to} available={available} asOf={asOfTime(wallet)} onSwap={() => {
            form.setValue('from', to, { shouldDirty: true });
            form.setValue('to', from, { shouldDirty: true });
          }} />

        <AmountField
          from={from}
          value={text}
          onChange={(value) => setText(normaliseTyped(value))}
          onBlur={() => text && touch()}
          error={shownProblem}
          onAll={available ? () => setText(asInput(available)) : null}
        />

        {rateUpdated ? (
          <p role="status" className="flex items-start gap-2 rounded-2xl bg-amber-50 px-4 py-3 text-sm text-amber-900">
            <InfoIcon size={18} className="mt-0.5 shrink-0" />
            <Trans>The rate was updated — please check and confirm again.</Trans>
          </p>
        ) : null}

        <section aria-label={t`Quote`} aria-busy={quote.quoting} className="rounded-3xl bg-surface px-4 py-3">
          {reply ? (
            <QuoteDetails reply={reply} secondsLeft={quote.secondsLeft} />
          ) : quote.quoting ? (
            <p className="flex items-center gap-2 py-2 text-sm text-muted">
              <Preloader className="size-4" />
              {t`Getting the rate…`}
            </p>
          ) : quote.error ? (
            <p role="alert" className="py-2 text-sm text-rose-700">
              {quote.error}
            </p>
          ) : (
            <p className="py-2 text-sm text-muted">
              <Trans>Enter an amount to see the rate, the fee and what you receive.</Trans>
            </p>
          )}
        </section>

        {/* Live while the amount shows a problem (the form convention, ui/form/form.ts): a press sends nothing. */}
        <Button onClick={convert} disabled={quote.quoting}>
          {quote.expired ? t`Get a new rate` : t`Convert`}
        </Button>
      </div>

      <MoneyActionSheet action={action} summary={action.pending ? <QuoteSummary reply={action.pending} /> : null} />
    </Screen>
  );
}
