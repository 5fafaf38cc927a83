/**
 * Grouped rows on a white card (menus, settings, profile facts): the one list style of the
 * app. A row with `onClick` is a button with a direction chevron; without, a plain fact.
 */
import type { ReactNode } from 'react';
import { ChevronEndIcon } from './icons';

export function RowGroup({ title, children, className }: { title?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section className={className}>
      {title ? <h2 className="px-5 pb-2 text-xs font-semibold tracking-wide text-muted uppercase">{title}</h2> : null}
      <div className="mx-4 divide-y divide-line overflow-hidden rounded-3xl bg-surface">{children}</div>
    </section>
  );
}

export interface RowProps {
  label: ReactNode;
  icon?: ReactNode;
  /** Shown at the end: the current value, a toggle, a check mark. */
  value?: ReactNode;
  onClick?(): void;
  /** A chevron for rows that open another screen; off for rows that act in place. */
  chevron?: boolean;
  role?: string;
  'aria-checked'?: boolean;
  lang?: string;
}

export function Row({ label, icon, value, onClick, chevron = Boolean(onClick), ...aria }: RowProps) {
  const content = (
    <>
      {icon ? <span className="shrink-0 text-sea-700">{icon}</span> : null}
      <span className="min-w-0 flex-1 text-start text-base text-ink">{label}</span>
      {value !== undefined ? (
        <span className={`min-w-0 shrink text-end text-sm text-muted ${typeof value === 'string' ? 'truncate' : ''}`}>{value}</span>
      ) : null}
      {chevron ? <ChevronEndIcon size={18} className="shrink-0 text-muted" /> : null}
    </>
  );
  const layout = 'flex min-h-14 w-full items-center gap-3 px-4 py-3';
  if (!onClick) return <div className={layout}>{content}</div>;
  return (
    <button type="button" onClick={onClick} className={`${layout} transition-colors active:bg-canvas`} {...aria}>
      {content}
    </button>
  );
}
