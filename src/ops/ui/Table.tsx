/**
 * A list of records as a table: a header per column, a row per record, amounts to the right and
 * in tabular figures; it scrolls sideways inside its card on a narrow screen rather than the page.
 * A list read from the server draws through `PagedTable` (a page at a time) or `ListTable` (all of
 * it): a spinner while it loads, the refusal, the empty text, or the table. Amounts per asset (a
 * user's balances, the platform's accounts) are a grid of names and assets: `AssetTable`.
 */
import { useLingui } from '@lingui/react/macro';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ASSET_CODES, type Asset } from '../../domain/money';
import type { Page } from '../../domain/wire';
import { age, dateTime, minorOf, money, nonZero } from './format';
import { Empty, Loaded, Pager } from './kit';

export interface Column<T> {
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Amounts and counts: to the end of the cell, tabular figures. */
  numeric?: boolean;
  /** To the end of the cell without being a figure (a row's actions). */
  end?: boolean;
  /** Keep the cell on one line (times, order numbers). */
  nowrap?: boolean;
  /** The cell names its row (an account in a grid of amounts): a row header. */
  rowHeader?: boolean;
  /** Classes for the header and the cells, e.g. a column shown only on a wide screen. */
  className?: string;
}

interface TableProps<T> {
  caption: string;
  columns: readonly Column<T>[];
  rowKey: (row: T) => string | number;
}

function cellClass<T>(column: Column<T>): string {
  return `py-2 pe-3 ${column.numeric ? 'text-end tabular-nums whitespace-nowrap' : ''} ${column.end ? 'text-end' : ''} ${column.nowrap ? 'whitespace-nowrap' : ''} ${column.className ?? ''}`;
}

function Cells<T>({ row, columns, strong = false }: { row: T; columns: readonly Column<T>[]; strong?: boolean }) {
  return columns.map((column, index) =>
    column.rowHeader ? (
      <th key={index} scope="row" className={`text-start ${strong ? 'font-semibold' : 'font-normal text-slate-700'} ${cellClass(column)}`}>
        {column.cell(row)}
      </th>
    ) : (
      <td key={index} className={cellClass(column)}>
        {column.cell(row)}
      </td>
    ),
  );
}

/** The rows under their headers; `total`, when given, is a last row of sums set apart. */
export function Table<T>({ caption, rows, columns, rowKey, total }: TableProps<T> & { rows: readonly T[]; total?: T }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-xs tracking-wide text-slate-600 uppercase">
            {columns.map((column, index) => (
              <th key={index} scope="col" className={`py-2 pe-3 font-medium whitespace-nowrap ${column.numeric || column.end ? 'text-end' : 'text-start'} ${column.className ?? ''}`}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-b border-slate-100 align-top hover:bg-slate-50">
              <Cells row={row} columns={columns} />
            </tr>
          ))}
        </tbody>
        {total ? (
          <tfoot>
            <tr className="border-t-2 border-slate-300 font-semibold">
              <Cells row={total} columns={columns} strong />
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}

/** A last column of a row's buttons; its header (`label`) is said only to assistive technology. */
export function actionsColumn<T>(label: string, cell: (row: T) => ReactNode): Column<T> {
  return { header: <span className="sr-only">{label}</span>, end: true, nowrap: true, cell };
}

export type PagedTableProps<T> = TableProps<T> & {
  query: UseQueryResult<Page<T>>;
  loading?: string;
  empty: ReactNode;
  above?: ReactNode;
  onPage: (page: number) => void;
};

/**
 * A page of a list read from the server: a spinner while it loads (`loading`), the refusal, `empty`
 * when there is nothing, else the table and the pager (`above` stands over either, once it is read).
 */
export function PagedTable<T>({ query, loading, empty, above, onPage, ...table }: PagedTableProps<T>) {
  return (
    <Loaded query={query} label={loading}>
      {({ list, page, pageSize, total }) => (
        <div className="flex flex-col gap-4">
          {above}
          {list.length === 0 ? (
            <Empty>{empty}</Empty>
          ) : (
            <>
              <Table<T> rows={list} {...table} />
              <Pager page={page} pageSize={pageSize} total={total} onPage={onPage} />
            </>
          )}
        </div>
      )}
    </Loaded>
  );
}

/** A whole list read from the server (a few rows: settings, levels, operators): a spinner, the refusal, or the table. */
export function ListTable<T>({ query, ...table }: TableProps<T> & { query: UseQueryResult<readonly T[]> }) {
  return (
    <Loaded query={query}>
      {(rows) => <Table<T> rows={rows} {...table} />}
    </Loaded>
  );
}

/** A row of an `AssetTable`: its name and what stands under each asset. */
interface AssetLine {
  name: string;
  cell: (asset: Asset) => ReactNode;
}

/**
 * Amounts per asset: a row per name (an account purpose, a day), a column per asset, zero amounts
 * dimmed — or drawn by `cell` — and, when `total` names it, a last row with each asset's sum.
 */
export function AssetTable<R>({
  caption,
  header,
  rows,
  name,
  amount,
  total,
  cell,
}: {
  caption: string;
  header: ReactNode;
  rows: readonly R[];
  name: (row: R) => string;
  amount: (row: R, asset: Asset) => string;
  total?: string;
  cell?: (amount: string, asset: Asset) => ReactNode;
}) {
  const drawn = cell ?? ((value: string, asset: Asset) => <span className={nonZero(value) ? 'font-medium' : 'text-slate-500'}>{money(value, asset)}</span>);
  const sum = (asset: Asset) => rows.reduce((all, row) => all + minorOf(amount(row, asset), asset), 0n);
  return (
    <Table<AssetLine>
      caption={caption}
      rows={rows.map((row) => ({ name: name(row), cell: (asset) => drawn(amount(row, asset), asset) }))}
      rowKey={(line) => line.name}
      total={total ? { name: total, cell: (asset) => money(sum(asset), asset) } : undefined}
      columns={[{ header, rowHeader: true, cell: (line) => line.name }, ...ASSET_CODES.map((asset): Column<AssetLine> => ({ header: asset, numeric: true, cell: (line) => line.cell(asset) }))]}
    />
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
