/** An icon, a heading, a line of text and an optional action, centred: for empty and waiting states. */
import { Trans } from '@lingui/react/macro';
import { Preloader } from 'konsta/react';
import { Button } from './Button';
import type { ReactNode } from 'react';
import { failureText } from '../api/query';

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

export interface QueryFallbackProps {
  /** The query with no data yet: loading, or failed. */
  query: { isPending: boolean; error: unknown; refetch(): unknown };
  icon: ReactNode;
  /**
   * The heading when it failed: what could not be loaded ("Totals could not be loaded"), never
   * why. The why is the failure's own text under it (the network, the server's refusal), so the
   * screen says one cause, the true one, rather than a guess beside it ("… not found" over a
   * network error).
   */
  failedTitle: ReactNode;
}

/** Where a query's content goes while there is none: a spinner while loading, else why it failed and "Try again". */
export function QueryFallback({ query, icon, failedTitle }: QueryFallbackProps) {
  if (query.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Preloader className="size-6" />
      </div>
    );
  }
  return (
    <EmptyState
      icon={icon}
      title={failedTitle}
      text={failureText(query.error) ?? undefined}
      action={
        <Button kind="secondary" onClick={() => void query.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      }
    />
  );
}
