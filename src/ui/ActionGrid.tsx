/** A card of shortcuts, four to a row: an icon on a tinted tile over a short label, each a link. */
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { AppPath } from './navigation';

export interface Action {
  to: AppPath;
  label: string;
  icon: ReactNode;
}

export function ActionGrid({ label, actions, className = '' }: { label: string; actions: readonly Action[]; className?: string }) {
  return (
    <nav aria-label={label} className={`grid grid-cols-4 rounded-3xl bg-surface px-2 py-4 ${className}`}>
      {actions.map((action) => (
        <Link key={action.to} to={action.to} className="flex flex-col items-center gap-2 rounded-2xl py-1 text-center active:bg-canvas">
          <span className="flex size-11 items-center justify-center rounded-2xl bg-sea-50 text-sea-700">{action.icon}</span>
          <span className="px-1 text-xs leading-tight font-medium text-ink">{action.label}</span>
        </Link>
      ))}
    </nav>
  );
}
