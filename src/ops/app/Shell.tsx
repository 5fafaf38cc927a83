/**
 * The desk: the menu on the side (by role), the operator, the language and signing out on top,
 * the page in the middle. A session that ends (idle, ended elsewhere) brings the sign-in back.
 */
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useState, type ReactNode } from 'react';
import { roleAllows } from '../../domain/operators';
import { whenSessionEnds } from '../api/client';
import { forgetSession, sessionQuery, signOut } from '../api/session';
import { useLiveQueues } from '../api/live';
import { Button, LanguageChoice, Notice, Page } from '../ui/kit';
import { MENU } from './menu';
import { useRoleLabel } from './roles';

export function Shell() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const session = useQuery(sessionQuery).data;
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const roleLabel = useRoleLabel();
  const [leaving, setLeaving] = useState(false);
  const live = useLiveQueues(session ?? null);

  useEffect(() => {
    whenSessionEnds(() => {
      forgetSession();
      void navigate({ to: '/login', search: { redirect: window.location.pathname.replace(/^\/ops/, '') || '/' } });
    });
  }, [navigate]);

  if (!session) return null;
  const { operator } = session;
  const entries = MENU.filter((entry) => roleAllows(operator.role, entry.role));
  const page = pathname.replace(/^\/ops/, '') || '/';

  return (
    <div className="grid min-h-dvh grid-cols-[15rem_1fr] bg-slate-50 text-slate-900 max-lg:grid-cols-[12rem_1fr]">
      <nav aria-label={t`Console menu`} className="sticky top-0 flex h-dvh flex-col gap-1 border-e border-slate-200 bg-white p-3">
        <p className="px-3 pt-1 pb-3 text-base font-semibold text-teal-900">{t`Tessera operators`}</p>
        {entries.map((entry) => {
          const active = page === entry.to || page.startsWith(`${entry.to}/`);
          const waiting = entry.queue ? live.counts[entry.queue] : undefined;
          return (
            <Link
              key={entry.to}
              to={entry.to}
              search={entry.search as never}
              aria-current={active ? 'page' : undefined}
              className="flex items-center justify-between rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 aria-[current=page]:bg-teal-50 aria-[current=page]:text-teal-900"
            >
              {i18n._(entry.label)}
              {waiting ? (
                <span className="rounded-full bg-amber-100 px-2 text-xs font-semibold text-amber-900" aria-label={t`${waiting} waiting`}>
                  {waiting}
                </span>
              ) : null}
            </Link>
          );
        })}
        <p className="mt-auto px-3 text-xs text-slate-600" aria-live="polite">
          {live.connected ? t`Queues update live` : t`Live updates paused: reconnecting…`}
        </p>
      </nav>
      <div className="flex min-w-0 flex-col">
        <header className="flex flex-wrap items-center justify-end gap-3 border-b border-slate-200 bg-white px-6 py-2 max-lg:px-4">
          <span className="text-sm text-slate-700">
            <span className="font-medium text-slate-900">{operator.username}</span> · {roleLabel(operator.role)}
          </span>
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <span>{t`Language`}</span>
            <LanguageChoice />
          </label>
          <Button
            busy={leaving}
            onClick={() => {
              setLeaving(true);
              void signOut().finally(() => navigate({ to: '/login', search: {} }));
            }}
          >
            {t`Log out`}
          </Button>
        </header>
        <main className="min-w-0">
          <RoleGate>
            <Outlet />
          </RoleGate>
        </main>
      </div>
    </div>
  );
}

/** A page opened by address that the operator's role is not for: said, not shown. */
function RoleGate({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const session = useQuery(sessionQuery).data;
  const needed = useRouterState({ select: (state) => state.matches.at(-1)?.staticData.role });
  if (session && needed && !roleAllows(session.operator.role, needed)) {
    return (
      <Page title={t`Not for your role`}>
        <Notice>{t`Your operator role does not allow this page.`}</Notice>
      </Page>
    );
  }
  return <>{children}</>;
}
