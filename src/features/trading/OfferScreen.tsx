/**
 * A merchant's offers (/market/sell): post an offer to sell USDT for EUR or to buy USDT with EUR
 * (quantity, unit price, limits per order), seeing before the payment password what is set aside
 * now and what the whole quantity brings; change an open offer (its hold follows) or withdraw it
 * (what it held returns, orders already matched with it still settle). Below: the offers posted,
 * newest first.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Preloader } from 'konsta/react';
import { Button } from '../../ui/Button';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useWallet } from '../../api/queries';
import { editOffer, postOffer, withdrawOffer } from './api/calls';
import { confirm } from '../../ui/feedback/confirm';
import { toast } from '../../ui/feedback/toast';
import { StoreIcon } from '../../ui/icons';
import { Screen } from '../../ui/Screen';
import { parseAmount, toDecimalString } from '../../domain/money';
import { offerFormSchema, offerHoldOf, parsePrice, totalOf, type TradeSide } from '../../domain/trading';
import type { TradeOffer } from '../../domain/wire';
import { Amount } from '../../ui/Amount';
import { submitOnce, textField, useZodForm } from '../../ui/form/form';
import { AmountField } from '../shared/money/AmountField';
import { MoneyActionSheet, useMoneyAction } from '../shared/money/useMoneyAction';
import { useAccountMutation } from '../shared/useAccountMutation';
import { Fact, RecordList, StatusBadge, usePagedRecords, useFormatTime } from '../shared/records';
import { DecimalField, useDecimalShown } from '../shared/money/DecimalField';
import { myOffersQuery, useTradeSummary } from './api/queries';
import { MerchantCard, Price, SideSwitch, Sum } from './parts';

interface OfferFields {
  side: TradeSide;
  quantity: string;
  price: string;
  minAmount: string;
  maxAmount: string;
}

type OfferRequest = OfferFields & { id?: number };

const usdt = (text: string) => parseAmount(text.trim(), 'USDT');

export default function OfferScreen() {
  const { t } = useLingui();
  const summary = useTradeSummary();
  const records = usePagedRecords(myOffersQuery);
  const [editing, setEditing] = useState<TradeOffer | null>(null);

  if (summary.data && !summary.data.merchant) {
    return (
      <Screen>
        <div className="px-4 pt-2">
          <MerchantCard summary={summary.data} />
        </div>
      </Screen>
    );
  }
  return (
    <Screen>
      {summary.data ? (
        <div className="px-4 pt-2">
          <OfferForm key={editing?.id ?? 'new'} reference={summary.data.referencePrice} editing={editing} onDone={() => setEditing(null)} />
        </div>
      ) : null}
      <h2 className="mt-6 px-4 text-base font-semibold text-ink">
        <Trans>Your offers</Trans>
      </h2>
      <RecordList
        records={records}
        renderItem={(offer) => <MyOfferCard offer={offer} onEdit={() => setEditing(offer)} />}
        empty={{ icon: <StoreIcon size={36} />, title: t`No offers yet`, text: t`Offers you post appear here with what is left of them.` }}
      />
    </Screen>
  );
}

function OfferForm({ reference, editing, onDone }: { reference: string; editing: TradeOffer | null; onDone(): void }) {
  const { t } = useLingui();
  const decimal = useDecimalShown();
  const referencePrice = decimal(reference);
  const wallet = useWallet();
  const form = useZodForm<typeof offerFormSchema, OfferFields>(offerFormSchema, {
    defaultValues: editing
      ? { side: editing.side, quantity: editing.remaining, price: editing.price, minAmount: editing.minAmount, maxAmount: editing.maxAmount }
      : { side: 'sell', quantity: '', price: reference, minAmount: '10', maxAmount: '' },
  });
  const [side, quantityText, priceText] = useWatch({ control: form.control, name: ['side', 'quantity', 'price'] });
  const quantity = usdt(quantityText);
  const price = parsePrice(priceText);
  const hold = quantity !== null && quantity > 0n && price !== null ? offerHoldOf(side, quantity, price) : null;
  const total = quantity !== null && quantity > 0n && price !== null ? totalOf(quantity, price) : null;
  const giving = side === 'sell' ? 'USDT' : 'EUR';
  const available = wallet.data?.[giving] ?? null;

  const action = useMoneyAction<OfferRequest, TradeOffer, 'quantity' | 'price' | 'minAmount' | 'maxAmount'>({
    // A change names the offer instead of its side, which stays as it is.
    send: ({ id, side: offerSide, ...terms }, payPassword, options) =>
      id === undefined
        ? postOffer({ side: offerSide, ...terms, payPassword: payPassword ?? '' }, options)
        : editOffer({ id, ...terms, payPassword: payPassword ?? '' }, options),
    fields: ['quantity', 'price', 'minAmount', 'maxAmount'],
    onFieldError: (name, message) => form.setError(name, { type: 'server', message }),
    onSuccess(_offer, request) {
      toast.success(request.id === undefined ? t`Offer posted` : t`Offer changed`);
      if (request.id !== undefined) onDone();
      form.reset({ ...form.getValues(), quantity: '', maxAmount: '' });
    },
  });
  const submit = submitOnce(form, (offer) => void action.confirm({ ...(editing ? { id: editing.id } : {}), ...offer }));

  return (
    <section aria-label={editing ? t`Change the offer` : t`New offer`} className="rounded-3xl bg-surface p-4">
      <form noValidate onSubmit={submit} className="space-y-3">
        {editing ? (
          <p className="text-sm font-medium text-ink">
            {editing.side === 'sell' ? <Trans>Change your offer to sell USDT</Trans> : <Trans>Change your offer to buy USDT</Trans>}
          </p>
        ) : (
          <SideSwitch side={side} onChange={(next) => form.setValue('side', next)} labels={{ sell: t`Sell USDT`, buy: t`Buy USDT` }} />
        )}
        <AmountField form={form} name="quantity" asset="USDT" label={t`Quantity (USDT)`} />
        <DecimalField label={t`Unit price (EUR per USDT)`} {...textField(form, 'price')} hint={t`Reference: ${referencePrice} EUR`} />
        <div className="grid grid-cols-2 gap-3">
          <AmountField form={form} name="minAmount" asset="USDT" label={t`Minimum per order`} />
          <AmountField form={form} name="maxAmount" asset="USDT" label={t`Maximum per order`} placeholder={quantityText ? decimal(quantityText) : undefined} />
        </div>
        <dl className="border-t border-line pt-2">
          <Sum label={t`Set aside now`}>
            <Amount value={hold === null ? null : toDecimalString(hold, giving)} asset={giving} />
          </Sum>
          <Sum label={t`Available`}>
            <Amount value={available} asset={giving} />
          </Sum>
          <Sum label={side === 'sell' ? t`Expected proceeds when all is sold` : t`You receive when all is bought`} strong>
            {side === 'sell' ? (
              <Amount value={total === null ? null : toDecimalString(total, 'EUR')} asset="EUR" />
            ) : (
              <Amount value={quantity === null ? null : toDecimalString(quantity, 'USDT')} asset="USDT" />
            )}
          </Sum>
        </dl>
        <div className="flex gap-3">
          {editing ? (
            <Button kind="secondary" type="button" onClick={onDone} className="flex-1">
              <Trans>Cancel</Trans>
            </Button>
          ) : null}
          <Button type="submit" className="flex-1">
            {editing ? t`Save changes` : t`Post the offer`}
          </Button>
        </div>
      </form>
      <MoneyActionSheet
        action={action}
        summary={(pending) => (
          <p>
            {pending.side === 'sell' ? (
              <Trans>
                Offer to sell <Amount value={pending.quantity} asset="USDT" /> at <Price value={pending.price} />
              </Trans>
            ) : (
              <Trans>
                Offer to buy <Amount value={pending.quantity} asset="USDT" /> at <Price value={pending.price} />
              </Trans>
            )}
          </p>
        )}
      />
    </section>
  );
}

function MyOfferCard({ offer, onEdit }: { offer: TradeOffer; onEdit(): void }) {
  const { t } = useLingui();
  const formatTime = useFormatTime();
  const withdrawing = useAccountMutation({ call: (id: number) => withdrawOffer({ id }), onSuccess: () => toast.success(t`Offer withdrawn`) });
  const statusWords = { open: t`Open`, filled: t`Filled`, withdrawn: t`Withdrawn` } as const;
  const tone = offer.status === 'open' ? 'processing' : offer.status === 'filled' ? 'done' : 'refused';

  async function withdraw() {
    const sure = await confirm({
      title: t`Withdraw this offer?`,
      content: t`What it sets aside for its remaining quantity returns to your balance. Orders already matched with it can still be confirmed.`,
      confirmText: t`Withdraw the offer`,
    });
    if (sure) withdrawing.run(offer.id);
  }

  return (
    <article aria-label={t`Offer ${offer.id}`} className="rounded-2xl bg-surface p-4">
      <header className="flex items-start justify-between gap-3">
        <div>
          <p className="text-base font-semibold text-ink">
            {offer.side === 'sell' ? t`Selling USDT` : t`Buying USDT`} · <Price value={offer.price} />
          </p>
          <p className="text-xs text-muted">{formatTime(offer.createdAt)}</p>
        </div>
        <StatusBadge tone={tone}>{statusWords[offer.status]}</StatusBadge>
      </header>
      <dl className="mt-3 border-t border-line pt-2">
        <Fact label={t`Remaining / quantity`}>
          <bdi dir="ltr" className="tabular-nums">
            <Amount value={offer.remaining} asset="USDT" code={false} /> / <Amount value={offer.quantity} asset="USDT" />
          </bdi>
        </Fact>
        {offer.pending !== '0.000000' ? (
          <Fact label={t`Waiting for confirmation`}>
            <Amount value={offer.pending} asset="USDT" />
          </Fact>
        ) : null}
        <Fact label={t`Limits per order`}>
          <bdi dir="ltr" className="tabular-nums">
            <Amount value={offer.minAmount} asset="USDT" code={false} /> – <Amount value={offer.maxAmount} asset="USDT" />
          </bdi>
        </Fact>
      </dl>
      {offer.status === 'open' ? (
        <div className="mt-3 flex gap-3">
          <Button kind="secondary" onClick={onEdit} className="flex-1">
            <Trans>Change</Trans>
          </Button>
          <Button kind="secondary" onClick={() => void withdraw()} disabled={withdrawing.pending} className="flex-1">
            {withdrawing.pending ? <Preloader className="size-5" /> : t`Withdraw the offer`}
          </Button>
        </div>
      ) : null}
    </article>
  );
}
