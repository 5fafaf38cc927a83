/** An icon, a heading, a line of text and an optional action, centred: for empty and waiting states. */
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  icon: ReactNode;
  title: ReactNode;
  text?: ReactNode;
  action?: ReactNode;
}

export function EmptyState({ icon, title, text, action }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center px-8 pt-16 pb-8 text-center">
      <div className="mb-5 flex size-20 items-center justify-center rounded-full bg-sea-50 text-sea-700">{icon}</div>
      <h2 className="text-lg font-semibold text-ink">{title}</h2>
      {text ? <p className="mt-2 max-w-xs text-sm leading-relaxed text-muted">{text}</p> : null}
      {action ? <div className="mt-7 w-full max-w-56">{action}</div> : null}
    </div>
  );
}
