/** The pledge products, inactive ones too; finance creates one or changes its terms (orders started afterwards take them). */
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { pledgeProductInputSchema, type PledgeProduct } from '../../../domain/pledge';
import { textField, useOpsForm } from '../../ui/form';
import { money } from '../../ui/format';
import { Badge, Button, Card, Page, TextInput } from '../../ui/kit';
import { actionsColumn, ListTable } from '../../ui/Table';
import { pledgeProductsQuery, savePledgeProduct } from './api';
import { ChangeDialog, shown, useMayChange } from './parts';

export function PledgeProductsPage() {
  const { t } = useLingui();
  const products = useQuery(pledgeProductsQuery);
  const mayChange = useMayChange('finance');
  const [editing, setEditing] = useState<{ old: PledgeProduct | null } | null>(null);
  return (
    <Page
      title={t`Pledge products`}
      subtitle={t`A change applies to orders started afterwards; running orders keep their terms.`}
      actions={mayChange ? <Button tone="primary" onClick={() => setEditing({ old: null })}>{t`New product…`}</Button> : null}
    >
      <Card>
        <ListTable
          query={products}
          caption={t`Pledge products`}
          rowKey={(product) => product.id}
          columns={[
            { header: '#', cell: (product) => <span className="font-medium">{product.id}</span> },
            { header: t`Minimum`, numeric: true, cell: (product) => money(product.minAmount, product.asset) },
            { header: t`Daily rate`, numeric: true, cell: (product) => `${product.dailyRate} %` },
            { header: t`Yearly rate`, numeric: true, cell: (product) => `${product.yearlyRate} %` },
            { header: t`Lock`, numeric: true, cell: (product) => t`${product.lockDays} days` },
            { header: t`Early redemption penalty`, numeric: true, cell: (product) => `${product.penaltyRate} %` },
            { header: t`Status`, cell: (product) => (product.active ? <Badge tone="good">{t`Active`}</Badge> : <Badge tone="neutral">{t`Inactive`}</Badge>) },
            actionsColumn<PledgeProduct>(t`Actions`, (product) => (mayChange ? <Button onClick={() => setEditing({ old: product })}>{t`Change…`}</Button> : null)),
          ]}
        />
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
      form={form}
      send={savePledgeProduct}
      fields={['minAmount', 'dailyRate', 'lockDays', 'penaltyRate']}
      refresh={['ops', 'pledge_products']}
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
