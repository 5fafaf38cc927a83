/** Paged lists: one page of rows and the count of all of them, read together. */
import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Page } from '../../src/domain/wire';
import type { Db, Tx } from './client';
import { rowsOf } from './rows';

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

/** One page of a list read from `table`: the rows of `select` (its columns and joins) and the count of `table`'s rows. */
export interface TablePage<Q extends PgSelect> {
  table: PgTable;
  /** `db.select(…).from(table)` with its joins, made `$dynamic()`: the page adds where, order, limit and offset. */
  select: Q;
  /** The filter, for the rows and the count alike; all rows when undefined. Joins must not filter. */
  where: SQL | undefined;
  orderBy: SQL | PgColumn;
}

export function tablePageOf<Q extends PgSelect, Item>(
  db: Db | Tx,
  request: PageRequest,
  { table, select, where, orderBy }: TablePage<Q>,
  itemOf: (row: Awaited<Q>[number]) => Item,
): Promise<Page<Item>> {
  return pageOf(
    request,
    (limit, offset) => select.where(where).orderBy(orderBy).limit(limit).offset(offset),
    () => db.select({ total: count() }).from(table).where(where),
    itemOf,
  );
}

/** What an operators' queue asks for: one status (all when absent) and the page. */
export interface QueueRequest<Status extends string> extends PageRequest {
  status?: Status;
  /** One record (the console's detail of a queue item). */
  id?: number;
  /** One user's records (the console shows a user's earlier requests beside the one decided). */
  userId?: string;
}

/** An operators' queue of requests: of one status (all when absent), of one user or one record when asked, oldest first so it is worked in order. */
export function queuePageOf<Q extends PgSelect, Item>(
  db: Db | Tx,
  request: QueueRequest<string>,
  table: PgTable & { id: PgColumn; status: PgColumn; userId: PgColumn },
  select: Q,
  itemOf: (row: Awaited<Q>[number]) => Item,
): Promise<Page<Item>> {
  const where = and(
    request.status ? eq(table.status, request.status) : undefined,
    request.id === undefined ? undefined : eq(table.id, request.id),
    request.userId === undefined ? undefined : eq(table.userId, request.userId),
  );
  return tablePageOf(db, request, { table, select, where, orderBy: asc(table.id) }, itemOf);
}

/** How long an operators' queue is: how many wait, and since when the oldest has waited (null when none). */
export interface QueueLength {
  count: number;
  oldestAt: string | null;
}

/**
 * The length of a queue: the rows of `table` that `waiting` selects, counted, and the earliest
 * `since` among them (when the oldest began to wait), in ISO 8601.
 */
export async function queueLengthOf(db: Db | Tx, table: string, waiting: SQL, since = 'created_at'): Promise<QueueLength> {
  const [row] = await rowsOf<{ count: string; oldest_at: string | null }>(
    db,
    sql`SELECT count(*)::text AS count, to_char(min(${sql.identifier(since)}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS oldest_at
        FROM ${sql.identifier(table)} WHERE ${waiting}`,
  );
  return { count: Number(row.count), oldestAt: row.oldest_at };
}
