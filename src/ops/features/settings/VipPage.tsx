/** The VIP level table; an admin changes a level or adds the next one, with a reason (the ladder's rules checked before sending). */
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { parseAmount } from '../../../domain/money';
import { vipLevelChangeSchema } from '../../../domain/ops-wire';
import type { VipLevel } from '../../../domain/wire';
import { textField, useOpsForm } from '../../ui/form';
import { money } from '../../ui/format';
import { Button, Card, Page, TextArea, TextInput } from '../../ui/kit';
import { actionsColumn, ListTable } from '../../ui/Table';
import { changeVipLevel, vipLevelsQuery } from './api';
import { ChangeDialog, shown, useMayChange } from './parts';

interface VipValues {
  level: number;
  upgradeAmount: string;
  giftPercent: string;
  dailyOrders: string;
  reason: string;
}

export function VipPage() {
  const { t } = useLingui();
  const levels = useQuery(vipLevelsQuery);
  const mayChange = useMayChange('admin');
  const [editing, setEditing] = useState<{ level: number; old: VipLevel | null } | null>(null);
  const next = (levels.data?.at(-1)?.level ?? -1) + 1;
  return (
    <Page
      title={t`VIP levels`}
      subtitle={t`A user reaches a level once their confirmed deposits reach its amount; each level needs more than the one below. Users' levels follow at their next approved deposit.`}
      actions={mayChange && levels.data ? <Button tone="primary" onClick={() => setEditing({ level: next, old: null })}>{t`Add level ${next}…`}</Button> : null}
    >
      <Card>
        <ListTable
          query={levels}
          caption={t`VIP levels`}
          rowKey={(level) => level.level}
          columns={[
            { header: t`Level`, cell: (level) => <span className="font-medium">VIP {level.level}</span> },
            { header: t`Deposits to reach it`, numeric: true, cell: (level) => money(level.upgradeAmount, 'USDT') },
            { header: t`Gift on each deposit`, numeric: true, cell: (level) => `${level.giftPercent} %` },
            { header: t`Orders a day`, numeric: true, cell: (level) => level.dailyOrders },
            actionsColumn<VipLevel>(t`Actions`, (level) => (mayChange ? <Button onClick={() => setEditing({ level: level.level, old: level })}>{t`Change…`}</Button> : null)),
          ]}
        />
      </Card>
      {editing ? <VipDialog level={editing.level} old={editing.old} table={levels.data ?? []} onClose={() => setEditing(null)} /> : null}
    </Page>
  );
}

const count = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

function VipDialog({ level, old, table, onClose }: { level: number; old: VipLevel | null; table: readonly VipLevel[]; onClose: () => void }) {
  const { t } = useLingui();
  const form = useOpsForm<typeof vipLevelChangeSchema, VipValues>(vipLevelChangeSchema, {
    defaultValues: { level, upgradeAmount: old?.upgradeAmount ?? '', giftPercent: old?.giftPercent ?? '', dailyOrders: old ? String(old.dailyOrders) : '', reason: '' },
    input: (values) => ({ ...values, dailyOrders: count(values.dailyOrders) }),
    // The ladder, as the server keeps it: level 0 needs nothing, each level more than the one below and less than the one above.
    check: (values, errors) => {
      const amount = parseAmount(values.upgradeAmount.trim(), 'USDT');
      if (errors.upgradeAmount || amount === null) return errors;
      const below = table.find((row) => row.level === level - 1);
      const above = table.find((row) => row.level === level + 1);
      const broken =
        (level === 0 && amount !== 0n) ||
        (below && amount <= (parseAmount(below.upgradeAmount, 'USDT') ?? 0n)) ||
        (above && amount >= (parseAmount(above.upgradeAmount, 'USDT') ?? 0n));
      return broken ? { ...errors, upgradeAmount: level === 0 ? t`Level 0 needs nothing: 0.` : t`More than the level below, less than the level above.` } : errors;
    },
  });
  const values = form.watch();
  return (
    <ChangeDialog
      title={old ? t`Change VIP ${level}?` : t`Add VIP ${level}?`}
      confirm={old ? t`Change the level` : t`Add the level`}
      changes={[
        { label: t`Deposits to reach it (USDT)`, old: shown(old?.upgradeAmount), new: shown(values.upgradeAmount.trim()) },
        { label: t`Gift on each deposit (%)`, old: shown(old?.giftPercent), new: shown(values.giftPercent.trim()) },
        { label: t`Orders a day`, old: old ? String(old.dailyOrders) : '—', new: shown(values.dailyOrders.trim()) },
      ]}
      form={form}
      send={changeVipLevel}
      fields={['upgradeAmount', 'giftPercent', 'dailyOrders', 'reason']}
      refresh={['ops', 'vip_levels']}
      onClose={onClose}
    >
      <TextInput label={t`Deposits to reach it (USDT)`} inputMode="decimal" hint={level === 0 ? t`Level 0 needs nothing: 0.` : t`More than the level below, less than the level above.`} {...textField(form, 'upgradeAmount')} />
      <TextInput label={t`Gift on each deposit (%)`} inputMode="decimal" hint={t`0 to 100, up to 2 decimals.`} {...textField(form, 'giftPercent')} />
      <TextInput label={t`Orders a day`} inputMode="numeric" hint={t`0 to 100000.`} {...textField(form, 'dailyOrders')} />
      <TextArea label={t`Reason (kept in the audit log)`} {...textField(form, 'reason')} />
    </ChangeDialog>
  );
}
