/**
 * A money amount as the UI shows it (SPEC §3): 4 decimals cut, never rounded up, digits of
 * equal width so columns line up, and always left-to-right, also inside Arabic and Hebrew text.
 */
import { BALANCE_DECIMALS } from '../../domain/constants';
import { formatDecimalString } from '../../domain/money';

export interface AmountProps {
  value: string | null | undefined;
  currency?: string;
  className?: string;
}

export function Amount({ value, currency, className }: AmountProps) {
  const shown = value == null ? '—' : formatDecimalString(value, BALANCE_DECIMALS);
  return (
    <bdi dir="ltr" className={`tabular-nums ${className ?? ''}`}>
      {shown}
      {currency ? <span className="ms-1 text-[0.75em] font-medium opacity-70">{currency}</span> : null}
    </bdi>
  );
}
