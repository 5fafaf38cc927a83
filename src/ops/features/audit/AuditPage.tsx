/**
 * The audit log: every operator action (and the system's), newest first, filtered by operator,
 * action, user and period, a page at a time, with the same rows as a CSV file.
 */
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { Button, Card, Page } from '../../ui/kit';
import { PagedTable } from '../../ui/Table';
import { dateTime } from '../../ui/format';
import { operatorsQuery } from '../operators/api';
import { auditQuery, exportUrl, type AuditFilter } from './api';

const inputClass = 'rounded-md border border-slate-300 bg-white px-3 py-2 text-sm';

export function AuditPage() {
  const { t } = useLingui();
  const search = useSearch({ from: '/desk/audit' });
  const navigate = useNavigate({ from: '/audit' });
  const { page, ...filter } = search;
  const log = useQuery(auditQuery(filter, page));
  const operators = useQuery(operatorsQuery).data ?? [];
  const [draft, setDraft] = useState<AuditFilter>(filter);
  const set = (name: keyof AuditFilter) => (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [name]: event.target.value || undefined }));

  return (
    <Page
      title={t`Audit log`}
      subtitle={t`Every decision, correction and change, with who made it and why.`}
      actions={
        <a href={exportUrl(filter)} download className="inline-flex min-h-9 items-center rounded-md bg-white px-3.5 py-1.5 text-sm font-medium text-slate-900 ring-1 ring-slate-300 ring-inset hover:bg-slate-50">
          {t`Export CSV`}
        </a>
      }
    >
      <Card>
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            void navigate({ search: { ...draft, page: 1 } });
          }}
        >
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
            {t`Operator`}
            <select className={inputClass} value={draft.operatorId ?? ''} onChange={set('operatorId')}>
              <option value="">{t`Everyone`}</option>
              {operators.map((operator) => (
                <option key={operator.id} value={operator.id}>
                  {operator.username}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
            {t`Action`}
            <input className={inputClass} value={draft.action ?? ''} onChange={set('action')} placeholder="deposit.approve" />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
            {t`User id`}
            <input className={`${inputClass} w-64 font-mono`} value={draft.userId ?? ''} onChange={set('userId')} />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
            {t`From`}
            <input type="date" className={inputClass} value={draft.from ?? ''} onChange={set('from')} />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
            {t`Until (not included)`}
            <input type="date" className={inputClass} value={draft.to ?? ''} onChange={set('to')} />
          </label>
          <Button type="submit" tone="primary">
            {t`Filter`}
          </Button>
          <Button
            onClick={() => {
              setDraft({});
              void navigate({ search: { page: 1 } });
            }}
          >
            {t`Clear`}
          </Button>
        </form>
      </Card>
      <Card>
        <PagedTable
          query={log}
          loading={t`Loading the audit log…`}
          empty={t`Nothing matches these filters.`}
          caption={t`Audit log, newest first`}
          rowKey={(entry) => entry.id}
          onPage={(next) => void navigate({ search: { ...filter, page: next } })}
          columns={[
            { header: t`When`, nowrap: true, cell: (entry) => dateTime(entry.createdAt) },
            { header: t`Operator`, cell: (entry) => entry.operator },
            { header: t`Action`, cell: (entry) => <span className="font-mono text-xs">{entry.action}</span> },
            { header: t`Subject`, cell: (entry) => <span className="font-mono text-xs">{entry.subject}</span> },
            { header: t`User`, cell: (entry) => entry.username ?? '—' },
            { header: t`Reason`, className: 'max-w-64 break-words', cell: (entry) => entry.reason ?? '—' },
            {
              header: t`Details`,
              className: 'max-w-96',
              cell: (entry) => (
                <details>
                  <summary className="cursor-pointer text-teal-800">{t`Show`}</summary>
                  <pre className="mt-1 overflow-x-auto rounded bg-slate-100 p-2 text-xs">{JSON.stringify(entry.details, null, 2)}</pre>
                </details>
              ),
            },
          ]}
        />
      </Card>
    </Page>
  );
}
