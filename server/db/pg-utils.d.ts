/** node-postgres's conversion of a value for the wire, used by its Query and by db/statement-batch.ts. */
declare module 'pg/lib/utils.js' {
  const utils: { prepareValue(value: unknown): unknown };
  export default utils;
}
