/** Paged lists: one page of rows and the count of all of them, read together. */
import type { Page } from '../../src/domain/wire';

export interface PageRequest {
  page: number;
  pageSize: number;
}

export async function pageOf<Row, Item>(
  { page, pageSize }: PageRequest,
  rows: (limit: number, offset: number) => Promise<Row[]>,
  countAll: () => Promise<Array<{ total: number | string }>>,
  itemOf: (row: Row) => Item,
): Promise<Page<Item>> {
  const [list, [{ total }]] = await Promise.all([rows(pageSize, (page - 1) * pageSize), countAll()]);
  return { list: list.map(itemOf), total: Number(total), page, pageSize };
}
