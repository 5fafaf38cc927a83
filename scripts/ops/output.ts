/** Plain-text tables for the terminal. */
import type { Page } from '../../src/domain/wire';

type Cell = string | number | null | undefined;

export function table(headers: string[], rows: Cell[][]): string {
  const text = rows.map((row) => row.map((cell) => (cell === null || cell === undefined ? '' : String(cell))));
  const widths = headers.map((header, i) => Math.max(header.length, ...text.map((row) => row[i].length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i])).join('  ').trimEnd();
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...text.map(line)].join('\n');
}

/** An ISO time as "2026-11-23 10:15:00Z". */
export const when = (iso: string | null | undefined) => (iso ? iso.replace('T', ' ').replace(/\.\d+Z$/, 'Z') : '');

export function printPage<T>(page: Page<T>, headers: string[], row: (item: T) => Cell[], empty: string): void {
  if (page.list.length === 0) {
    console.log(page.total === 0 ? empty : `(page ${page.page} is empty; ${page.total} in all)`);
    return;
  }
  console.log(table(headers, page.list.map(row)));
  const pages = Math.ceil(page.total / page.pageSize);
  console.log(`\npage ${page.page} of ${pages}, ${page.total} in all`);
}
