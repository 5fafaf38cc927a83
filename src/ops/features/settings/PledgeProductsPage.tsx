/** The pledge products, inactive ones too; finance creates one or changes its terms (orders started afterwards take them). */
import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { pledgeProductInputSchema, type PledgeProduct } from '../../../domain/pledge';
import { showRefusal, submitOnce, textField, useOpsForm } from '../../ui/form';
import { money } from '../../ui/format';
import { Badge, Button, Card, Notice, Page, Spinner, TextInput } from '../../ui/kit';
import { pledgeProductsQuery, savePledgeProduct } from './api';
import { ChangeDialog, headCell, headRow, shown, useMayChange } from './parts';

export function PledgeProductsPage() {
  const { t } = useLingui();
  const products = useQuery(pledgeProductsQuery);
  const mayChange = useMayChange('finance');
  const [editing, setEditing] = useState<{ old: PledgeProduct | null } | null>(null);
  const end = 'py-2 pe-3 text-end font-medium';
  return (
    <Page
      title={t`Pledge products`}
      subtitle={t`A change applies to orders started afterwards; running orders keep their terms.`}
      actions={mayChange ? <Button tone="primary" onClick={() => setEditing({ old: null })}>{t`New product…`}</Button> : null}
    >
      <Card>
        {products.isPending ? (
          <Spinner label={t`Loading…`} />
        ) : products.isError ? (
          <Notice>{products.error.message}</Notice>
        ) : (
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">{t`Pledge products`}</caption>
            <thead>
              <tr className={headRow}>
                <th scope="col" className={headCell}>#</th>
                <th scope="col" className={end}>{t`Minimum`}</th>
                <th scope="col" className={end}>{t`Daily rate`}</th>
                <th scope="col" className={end}>{t`Yearly rate`}</th>
                <th scope="col" className={end}>{t`Lock`}</th>
                <th scope="col" className={end}>{t`Early redemption penalty`}</th>
                <th scope="col" className={headCell}>{t`Status`}</th>
                <th scope="col" className="py-2 text-end font-medium">
                  <span className="sr-only">{t`Actions`}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {products.data.map((product) => (
                <tr key={product.id} className="border-b border-slate-100">
                  <td className="py-2 pe-3 font-medium">{product.id}</td>
                  <td className="py-2 pe-3 text-end tabular-nums">{money(product.minAmount, product.asset)}</td>
                  <td className="py-2 pe-3 text-end tabular-nums">{product.dailyRate} %</td>
                  <td className="py-2 pe-3 text-end tabular-nums">{product.yearlyRate} %</td>
                  <td className="py-2 pe-3 text-end tabular-nums">{t`${product.lockDays} days`}</td>
                  <td className="py-2 pe-3 text-end tabular-nums">{product.penaltyRate} %</td>
                  <td className="py-2 pe-3">{product.active ? <Badge tone="good">{t`Active`}</Badge> : <Badge tone="neutral">{t`Inactive`}</Badge>}</td>
                  <td className="py-2 text-end whitespace-nowrap">{mayChange ? <Button onClick={() => setEditing({ old: product })}>{t`Change…`}</Button> : null}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
      {editing ? <ProductDialog old={editing.old} onClose={() => setEditing(null)} /> : null}
    </Page>
  );
}

interface ProductValues {
  asset: string;
  minAmount: string;
  dailyRate: string;
  lockDays: string;
  penaltyRate: string;
  active: boolean;
}

function ProductDialog({ old, onClose }: { old: PledgeProduct | null; onClose: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const form = useOpsForm<typeof pledgeProductInputSchema, ProductValues>(pledgeProductInputSchema, {
    defaultValues: {
      asset: old?.asset ?? 'USDT',
      minAmount: old?.minAmount ?? '',
      dailyRate: old?.dailyRate ?? '',
      lockDays: old ? String(old.lockDays) : '',
      penaltyRate: old?.penaltyRate ?? '',
      active: old?.active ?? true,
    },
    input: (values) => ({ ...values, ...(old ? { id: old.id } : {}) }),
  });
  const values = form.watch();
  const submit = submitOnce(form, async (input) => {
    try {
      await savePledgeProduct(input);
      await queryClient.invalidateQueries({ queryKey: ['ops', 'pledge_products'] });
      onClose();
    } catch (error) {
      showRefusal(form, error, ['minAmount', 'dailyRate', 'lockDays', 'penaltyRate']);
    }
  });
  const activeLabel = (active: boolean) => (active ? t`Active` : t`Inactive`);
  return (
    <ChangeDialog
      title={old ? t`Change pledge product ${old.id}?` : t`Create a pledge product?`}
      confirm={old ? t`Change the product` : t`Create the product`}
      reasoned={false}
      changes={[
        { label: t`Asset`, old: shown(old?.asset), new: values.asset },
        { label: t`Minimum`, old: shown(old?.minAmount), new: shown(values.minAmount.trim()) },
        { label: t`Daily rate (%)`, old: shown(old?.dailyRate), new: shown(values.dailyRate.trim()) },
        { label: t`Lock (days)`, old: old ? String(old.lockDays) : '—', new: shown(values.lockDays.trim()) },
        { label: t`Early redemption penalty (%)`, old: shown(old?.penaltyRate), new: shown(values.penaltyRate.trim()) },
        { label: t`Status`, old: old ? activeLabel(old.active) : '—', new: activeLabel(values.active) },
      ]}
      busy={form.formState.isSubmitting}
      refusal={form.formState.errors.root?.message}
      onSubmit={submit}
      onClose={onClose}
    >
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
        {t`Asset`}
        <select value={values.asset} onChange={(event) => form.setValue('asset', event.target.value)} className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-normal">
          <option value="USDT">USDT</option>
          <option value="EUR">EUR</option>
        </select>
      </label>
      <TextInput label={t`Minimum`} inputMode="decimal" {...textField(form, 'minAmount')} />
      <TextInput label={t`Daily rate (%)`} inputMode="decimal" hint={t`Percent per day, up to 4 decimals.`} {...textField(form, 'dailyRate')} />
      <TextInput label={t`Lock (days)`} inputMode="numeric" hint={t`1 to 3650 days.`} {...textField(form, 'lockDays')} />
      <TextInput label={t`Early redemption penalty (%)`} inputMode="decimal" hint={t`Percent of the principal kept on early redemption.`} {...textField(form, 'penaltyRate')} />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={values.active} onChange={(event) => form.setValue('active', event.target.checked)} />
        {t`Active: users may start new orders`}
      </label>
    </ChangeDialog>
  );
}
