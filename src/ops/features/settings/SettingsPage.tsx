/**
 * The platform's settings: each with its value, what it means, the values it may take and its last
 * change; an admin changes one with a reason, its rule checked before sending (the server's own,
 * src/domain/settings.ts).
 */
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { OpsSetting } from '../../../domain/ops-wire';
import { checkedSettingChangeSchema, type SettingKey } from '../../../domain/settings';
import { textField, useOpsForm } from '../../ui/form';
import { dateTime } from '../../ui/format';
import { Button, Card, Page, TextArea, TextInput } from '../../ui/kit';
import { actionsColumn, ListTable } from '../../ui/Table';
import { changeSetting, settingsQuery } from './api';
import { ChangeDialog, shown, useMayChange } from './parts';

/** What each setting means and the values its rule allows, in the operator's words. */
function useSettingCatalogue(): Record<SettingKey, { meaning: string; rule: string }> {
  const { t } = useLingui();
  return {
    support_url: { meaning: t`The link the app's "Contact support" opens.`, rule: t`An http(s) address, at most 300 characters.` },
    usdt_eur_rate: { meaning: t`EUR for one USDT: conversions, EUR deposits credited in USDT and the EUR value of balances.`, rule: t`0.01 to 100, up to 4 decimals.` },
    withdraw_min_usdt: { meaning: t`The smallest USDT withdrawal a user may request.`, rule: t`An amount of USDT, up to 6 decimals.` },
    withdraw_fee_usdt: { meaning: t`The fee kept from each USDT withdrawal.`, rule: t`An amount of USDT, up to 6 decimals.` },
    withdraw_min_eur: { meaning: t`The smallest EUR withdrawal a user may request.`, rule: t`An amount of EUR, up to 2 decimals.` },
    withdraw_fee_eur: { meaning: t`The fee kept from each EUR withdrawal.`, rule: t`An amount of EUR, up to 2 decimals.` },
    transfer_fee_percent: { meaning: t`The fee of a conversion between USDT and EUR, in percent of the amount.`, rule: t`0 to 99.99 %, up to 2 decimals.` },
    trade_fee_percent: { meaning: t`The fee of a merchant trade, in percent of the amount.`, rule: t`0 to 99.99 %, up to 2 decimals.` },
    loan_margin_call_ltv: { meaning: t`A principal loan's loan-to-value at which its borrower is asked to add collateral.`, rule: t`81 to 89.99 %, below the liquidation LTV.` },
    loan_liquidation_ltv: { meaning: t`A principal loan's loan-to-value at which its collateral is sold.`, rule: t`90 to 95 %.` },
    loan_liquidation_fee_percent: { meaning: t`The fee of a liquidation, in percent of principal and interest.`, rule: t`0 to 2 %, up to 2 decimals.` },
    adjustment_four_eyes_usdt: { meaning: t`A USDT correction above this amount waits for a second operator's approval.`, rule: t`An amount of USDT, up to 6 decimals.` },
    adjustment_four_eyes_eur: { meaning: t`An EUR correction above this amount waits for a second operator's approval.`, rule: t`An amount of EUR, up to 2 decimals.` },
  };
}

export function SettingsPage() {
  const { t } = useLingui();
  const settings = useQuery(settingsQuery);
  const catalogue = useSettingCatalogue();
  const mayChange = useMayChange('admin');
  const [editing, setEditing] = useState<OpsSetting | null>(null);
  return (
    <Page title={t`Settings`} subtitle={mayChange ? t`Each change is checked by the setting's rule and kept in the audit log with its reason.` : t`Only an admin may change a setting.`}>
      <Card>
        <ListTable
          query={settings}
          caption={t`Settings`}
          rowKey={(setting) => setting.key}
          columns={[
            {
              header: t`Setting`,
              className: 'max-w-md',
              cell: (setting) => (
                <>
                  <div className="font-mono text-xs text-slate-600">{setting.key}</div>
                  <div>{catalogue[setting.key as SettingKey]?.meaning}</div>
                </>
              ),
            },
            { header: t`Value`, className: 'font-mono break-all', cell: (setting) => shown(setting.value) },
            { header: t`Allowed values`, className: 'text-slate-700', cell: (setting) => catalogue[setting.key as SettingKey]?.rule },
            { header: t`Last change`, nowrap: true, cell: (setting) => (setting.updatedAt ? dateTime(setting.updatedAt) : t`Never`) },
            actionsColumn<OpsSetting>(t`Actions`, (setting) => (mayChange ? <Button onClick={() => setEditing(setting)}>{t`Change…`}</Button> : null)),
          ]}
        />
      </Card>
      {editing ? <SettingDialog setting={editing} rule={catalogue[editing.key as SettingKey]?.rule} onClose={() => setEditing(null)} /> : null}
    </Page>
  );
}

function SettingDialog({ setting, rule, onClose }: { setting: OpsSetting; rule?: string; onClose: () => void }) {
  const { t } = useLingui();
  const form = useOpsForm(checkedSettingChangeSchema, { defaultValues: { key: setting.key, value: setting.value ?? '', reason: '' } });
  const value = form.watch('value');
  return (
    <ChangeDialog
      title={t`Change ${setting.key}?`}
      confirm={t`Change the setting`}
      changes={[{ label: setting.key, old: shown(setting.value), new: shown(value.trim()) }]}
      form={form}
      send={changeSetting}
      fields={['value', 'reason']}
      refresh={['ops', 'settings']}
      onClose={onClose}
    >
      <TextInput label={t`New value`} hint={rule} autoComplete="off" {...textField(form, 'value')} />
      <TextArea label={t`Reason (kept in the audit log)`} {...textField(form, 'reason')} />
    </ChangeDialog>
  );
}
