/**
 * The numbers a person quotes to support: "D0000000042" for a deposit, "W…" for a withdrawal,
 * "T…" for a trade order. The server writes them on its records; the fund record finds them
 * again from a ledger reference ("deposit:42"), so a movement shows the number its record has.
 */
const PREFIX = { deposit: 'D', withdrawal: 'W', trade_order: 'T' } as const;

function numbered(prefix: string, id: number): string {
  return `${prefix}${String(id).padStart(10, '0')}`;
}

export const depositOrderNo = (id: number): string => numbered(PREFIX.deposit, id);
export const withdrawalOrderNo = (id: number): string => numbered(PREFIX.withdrawal, id);
export const tradeOrderNo = (id: number): string => numbered(PREFIX.trade_order, id);

/** The order number behind a ledger reference, or null when its record has none (a conversion, an offer). */
export function orderNoOfReference(reference: string): string | null {
  const match = /^(deposit|withdrawal|trade_order):(\d+)$/.exec(reference);
  return match ? numbered(PREFIX[match[1] as keyof typeof PREFIX], Number(match[2])) : null;
}
