/**
 * A table on a white card (the totals of My assets): a muted heading row, the first column at the
 * start edge and the figures at the end edge, rows divided by hairlines.
 */
import type { ReactNode } from 'react';

export interface TableCardProps {
  label: string;
  /** The column headings: the first names the rows, the others are figures. */
  columns: readonly ReactNode[];
  /** The rows (`<tr>`), each cell padded px-4 like the headings. */
  children: ReactNode;
}

export function TableCard({ label, columns, children }: TableCardProps) {
  return (
    <section aria-label={label} className="overflow-hidden rounded-3xl bg-surface">
      <table className="w-full text-sm">
        <thead>
          <tr className="border-b border-line text-xs text-muted">
            {columns.map((column, index) => (
              <th key={index} scope="col" className={`px-4 py-3 font-medium ${index === 0 ? 'text-start' : 'text-end'}`}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">{children}</tbody>
      </table>
    </section>
  );
}
