/**
 * One figure on the sea-coloured card at the top of a screen (the pledge's earnings, the deposits
 * that count for the VIP level, the interest held per asset): its label small and light, the
 * figure under it. Goes in a <dl>.
 */
import type { ReactNode } from 'react';

const SIZES = { base: '', lg: 'text-lg', xl: 'text-xl' } as const;

export function CardFigure({ label, children, size = 'base' }: { label: ReactNode; children: ReactNode; size?: keyof typeof SIZES }) {
  return (
    <div>
      <dt className="text-xs text-sea-100">{label}</dt>
      <dd className={`mt-1 font-semibold ${SIZES[size]}`}>{children}</dd>
    </div>
  );
}
