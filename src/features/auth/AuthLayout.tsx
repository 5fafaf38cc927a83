/**
 * The auth area's side-image layout: on a phone the brand band with the mosaic sits
 * above the form; on a wide screen the brand panel stands beside it. Back (or home) at the
 * start edge, the language at the end edge, both usable before logging in.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { GlobeIcon } from '../../ui/icons';
import { BackIcon } from '../../ui/moreIcons';
import { useGoBack } from '../../ui/useGoBack';
import { BrandArt } from './BrandArt';

export interface AuthLayoutProps {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

export function AuthLayout({ title, subtitle, children, footer }: AuthLayoutProps) {
  const { t } = useLingui();
  const goBack = useGoBack('/home');
  return (
    <div className="absolute inset-0 overflow-y-auto bg-canvas lg:grid lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] lg:overflow-hidden">
      <header className="relative overflow-hidden rounded-b-[2rem] bg-sea-700 px-5 pt-[calc(var(--k-safe-area-top)+0.75rem)] pb-6 text-white lg:flex lg:h-full lg:flex-col lg:rounded-none lg:px-12 lg:py-12">
        <div className="relative z-10 flex items-center justify-between">
          <button type="button" onClick={goBack} aria-label={t`Back`} className="-my-0.5 -ms-2.5 flex size-11 items-center justify-center rounded-full hover:bg-white/10">
            <BackIcon size={22} />
          </button>
          <Link
            to="/setting/language"
            className="-my-0.5 -me-2 flex min-h-11 items-center gap-1.5 rounded-full px-3 text-sm font-medium hover:bg-white/10"
            aria-label={t`Language`}
          >
            <GlobeIcon size={18} />
            <span>{t`Language`}</span>
          </Link>
        </div>
        <div className="relative z-10 mt-2 flex items-end justify-between gap-4 lg:mt-auto lg:flex-col lg:items-start">
          <div>
            <p className="text-2xl font-semibold tracking-tight lg:text-4xl">Tessera</p>
            <p className="mt-1 max-w-56 text-sm text-sea-100 lg:max-w-sm lg:text-lg">
              <Trans>USDT and EUR, kept calm and clear.</Trans>
            </p>
          </div>
          <BrandArt className="-mb-2 h-24 w-auto shrink-0 lg:order-first lg:mb-10 lg:h-auto lg:w-full lg:max-w-md" />
        </div>
      </header>
      <main className="mx-auto w-full max-w-md px-5 pt-7 pb-[calc(var(--k-safe-area-bottom)+2rem)] lg:flex lg:h-full lg:flex-col lg:justify-center lg:overflow-y-auto lg:py-12">
        <h1 className="text-2xl font-semibold tracking-tight text-ink">{title}</h1>
        {subtitle ? <p className="mt-1.5 text-sm text-muted">{subtitle}</p> : null}
        <div className="mt-6">{children}</div>
        {footer ? <div className="mt-6 text-center text-sm text-muted">{footer}</div> : null}
      </main>
    </div>
  );
}

/** A link in the line under an auth form ("Already have an account? Log in"). */
/** A link between the login and the sign-up, carrying where the visitor was going (`redirect`). */
export function AuthLink({ to, redirect, children }: { to: '/auth/login' | '/auth/register'; redirect?: string; children: ReactNode }) {
  return (
    <Link to={to} search={redirect ? { redirect } : {}} className="-my-3 inline-block min-w-11 py-3 text-center font-medium text-sea-700">
      {children}
    </Link>
  );
}
