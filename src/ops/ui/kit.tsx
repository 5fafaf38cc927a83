/**
 * The console's parts: plain HTML with Tailwind, desktop first and usable on a tablet. Buttons,
 * fields, a page frame, cards, a pager, notices, status badges, what a read shows while it loads
 * or when it is refused (`Loaded`), and the language choice. No PWA part is used here: the
 * users' app is a phone UI (Konsta), the console a desk's.
 */
import { useLingui } from '@lingui/react/macro';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { activateOpsLocale, OPS_LOCALE_NAMES, OPS_LOCALES, type OpsLocale } from '../i18n';

type Tone = 'primary' | 'secondary' | 'danger' | 'ghost';

const TONES: Record<Tone, string> = {
  primary: 'bg-teal-800 text-white hover:bg-teal-900 disabled:bg-teal-800/50',
  secondary: 'bg-white text-slate-900 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 disabled:text-slate-400',
  danger: 'bg-rose-700 text-white hover:bg-rose-800 disabled:bg-rose-700/50',
  ghost: 'text-teal-900 hover:bg-teal-50 disabled:text-slate-400',
};

export function Button({ tone = 'secondary', busy = false, className = '', children, ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { tone?: Tone; busy?: boolean }) {
  return (
    <button
      type="button"
      {...props}
      disabled={props.disabled || busy}
      aria-busy={busy || undefined}
      className={`inline-flex min-h-9 items-center justify-center gap-2 rounded-md px-3.5 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700 disabled:cursor-not-allowed ${TONES[tone]} ${className}`}
    >
      {busy ? <span className="size-3.5 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden /> : null}
      {children}
    </button>
  );
}

interface FieldShell {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
}

function FieldFrame({ id, label, error, hint, children }: FieldShell & { id: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-rose-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const inputClass =
  'w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-teal-700 focus:outline-2 focus:outline-teal-700/30 aria-[invalid=true]:border-rose-600 read-only:bg-slate-50 read-only:shadow-none';

/** A field's value and its events, as react-hook-form's `textField` props give them (src/ui/form/form.ts). */
type FieldValue = FieldShell & { value: string; onChange: (next: string) => void; onBlur?: () => void };

/** What an input or a text area of a field gets: its id, value, events, state for assistive technology and look. */
interface Control {
  id: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  onBlur?: () => void;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  className: string;
}

function Field({ label, error, hint, value, onChange, onBlur, control }: FieldValue & { control: (props: Control) => ReactNode }) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      {control({
        id,
        value,
        onChange: (event) => onChange(event.target.value),
        onBlur,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
        className: inputClass,
      })}
    </FieldFrame>
  );
}

export function TextInput({ label, error, hint, value, onChange, onBlur, ...props }: FieldValue & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'onBlur'>) {
  return <Field {...{ label, error, hint, value, onChange, onBlur }} control={({ id, ...control }) => <input id={id} {...props} {...control} />} />;
}

export function TextArea({ label, error, hint, value, onChange, onBlur, ...props }: FieldValue & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange' | 'onBlur'>) {
  return <Field {...{ label, error, hint, value, onChange, onBlur }} control={({ id, ...control }) => <textarea id={id} rows={3} {...props} {...control} />} />;
}

/** A page of the console: its title, what it is about, its actions on the right. */
export function Page({ title, subtitle, actions, children }: { title: ReactNode; subtitle?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-5 p-6 max-lg:p-4">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
          {subtitle ? <p className="mt-1 text-sm text-slate-600">{subtitle}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </header>
      {children}
    </div>
  );
}

export function Card({ title, actions, children, className = '' }: { title?: ReactNode; actions?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section className={`rounded-lg bg-white shadow-sm ring-1 ring-slate-200 ${className}`}>
      {title ? (
        <header className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
          <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
          {actions}
        </header>
      ) : null}
      <div className="p-4">{children}</div>
    </section>
  );
}

/** Label–value pairs of a record. */
export function Facts({ items }: { items: [ReactNode, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
      {items.map(([label, value], index) => (
        <div key={index} className="contents">
          <dt className="text-slate-600">{label}</dt>
          <dd className="min-w-0 break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function Notice({ tone = 'error', children }: { tone?: 'error' | 'info' | 'success'; children: ReactNode }) {
  const colours = { error: 'bg-rose-50 text-rose-900 ring-rose-200', info: 'bg-sky-50 text-sky-900 ring-sky-200', success: 'bg-emerald-50 text-emerald-900 ring-emerald-200' }[tone];
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded-md px-3 py-2 text-sm ring-1 ${colours}`}>
      {children}
    </div>
  );
}

export function Badge({ tone, children }: { tone: 'waiting' | 'good' | 'bad' | 'neutral'; children: ReactNode }) {
  const colours = { waiting: 'bg-amber-100 text-amber-900', good: 'bg-emerald-100 text-emerald-900', bad: 'bg-rose-100 text-rose-900', neutral: 'bg-slate-100 text-slate-800' }[tone];
  return <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${colours}`}>{children}</span>;
}

/** Tabs that filter a list (a status); the chosen one is marked for assistive technology too. */
export function FilterTabs<V extends string>({ label, value, options, onChange }: { label: string; value: V; options: { value: V; label: ReactNode; count?: number }[]; onChange: (value: V) => void }) {
  return (
    <div role="group" aria-label={label} className="inline-flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1">
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
          className="rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 hover:text-slate-950 aria-pressed:bg-white aria-pressed:text-slate-950 aria-pressed:shadow-sm"
        >
          {option.label}
          {option.count !== undefined ? <span className="ms-1.5 text-xs text-slate-600">{option.count}</span> : null}
        </button>
      ))}
    </div>
  );
}

/** A list's pages: where in it the operator is, and the way back and on, in the console's language. */
export function Pager({ page, pageSize, total, onPage }: { page: number; pageSize: number; total: number; onPage: (page: number) => void }) {
  const { t } = useLingui();
  if (total === 0) return null;
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  const where = t`${from}–${to} of ${total}`;
  return (
    <nav className="flex items-center justify-between gap-3 text-sm text-slate-700" aria-label={where}>
      <span>{where}</span>
      <span className="flex gap-2">
        <Button disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t`Previous`}
        </Button>
        <Button disabled={to >= total} onClick={() => onPage(page + 1)}>
          {t`Next`}
        </Button>
      </span>
    </nav>
  );
}

export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center gap-2 p-6 text-sm text-slate-600">
      <span className="size-4 animate-spin rounded-full border-2 border-teal-700 border-t-transparent" aria-hidden />
      {label}
    </div>
  );
}

/** What a read shows: a spinner while it loads, the server's refusal, else what `children` draws of its data. */
export function Loaded<D>({ query, label, children }: { query: UseQueryResult<D>; label?: string; children: (data: D) => ReactNode }) {
  const { t } = useLingui();
  if (query.isPending) return <Spinner label={label ?? t`Loading…`} />;
  if (query.isError) return <Notice>{query.error.message}</Notice>;
  return children(query.data);
}

/** What a list says when it has nothing to show. */
export function Empty({ children }: { children: ReactNode }) {
  return <p className="text-sm text-slate-600">{children}</p>;
}

/** The console's language, English or 中文, changed at once (named by a label around it, or by `aria-label`). */
export function LanguageChoice({ 'aria-label': label }: { 'aria-label'?: string }) {
  const { i18n } = useLingui();
  return (
    <select
      aria-label={label}
      className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
      value={i18n.locale || 'en'}
      onChange={(event) => void activateOpsLocale(event.target.value as OpsLocale)}
    >
      {OPS_LOCALES.map((locale) => (
        <option key={locale} value={locale}>
          {OPS_LOCALE_NAMES[locale]}
        </option>
      ))}
    </select>
  );
}
