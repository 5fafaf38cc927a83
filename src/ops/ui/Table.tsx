/**
 * A list of records as a table: a header per column, a row per record, amounts to the right and
 * in tabular figures; it scrolls sideways inside its card on a narrow screen rather than the page.
 */
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { age, dateTime } from './format';

export interface Column<T> {
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Amounts and counts: to the end of the cell, tabular figures. */
  numeric?: boolean;
  /** Keep the cell on one line (times, order numbers). */
  nowrap?: boolean;
  /** Classes for the header and the cells, e.g. a column shown only on a wide screen. */
  className?: string;
}

export function Table<T>({ caption, rows, columns, rowKey }: { caption: string; rows: readonly T[]; columns: readonly Column<T>[]; rowKey: (row: T) => string | number }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-xs tracking-wide text-slate-600 uppercase">
            {columns.map((column, index) => (
              <th key={index} scope="col" className={`py-2 pe-3 font-medium whitespace-nowrap ${column.numeric ? 'text-end' : 'text-start'} ${column.className ?? ''}`}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-b border-slate-100 align-top hover:bg-slate-50">
              {columns.map((column, index) => (
                <td key={index} className={`py-2 pe-3 ${column.numeric ? 'text-end tabular-nums whitespace-nowrap' : ''} ${column.nowrap ? 'whitespace-nowrap' : ''} ${column.className ?? ''}`}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** When a request was made and, while it waits, for how long. */
export function Requested({ at, waiting }: { at: string | null; waiting: boolean }) {
  const { t } = useLingui();
  return (
    <>
      {dateTime(at)}
      {waiting ? <span className="block text-xs text-amber-800">{t`waiting ${age(at)}`}</span> : null}
    </>
  );
}
