/**
 * Copies one value (an address, an IBAN, a reference) to the clipboard and says whether it worked:
 * "Copied" on the button itself for two seconds, beside the value it confirms (a toast would sit
 * away from it, over something else); a failure is a toast, since the value was not copied.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { TOAST_MS } from '../domain/constants';
import { toast } from './feedback/toast';
import { CheckIcon } from './icons';
import { CopyIcon } from './moreIcons';
import { errorMessage } from '../i18n';

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    toast.error(errorMessage('copy.failed'));
    return false;
  }
}

export interface CopyButtonProps {
  text: string;
  /** Names what is copied, for screen readers: "Copy address". */
  label: string;
  /** Shows the word "Copy" next to the icon. */
  withText?: boolean;
}

export function CopyButton({ text, label, withText }: CopyButtonProps) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const done = setTimeout(() => setCopied(false), TOAST_MS);
    return () => clearTimeout(done);
  }, [copied]);
  return (
    <button
      type="button"
      onClick={() => void copyText(text).then(setCopied)}
      aria-label={label}
      data-copied={copied ? 'true' : undefined}
      className={
        withText
          ? 'inline-flex min-h-11 items-center gap-1.5 rounded-full bg-sea-50 px-4 py-2 text-sm font-semibold text-sea-700 active:bg-sea-100'
          : '-my-0.5 -me-2.5 flex size-11 shrink-0 items-center justify-center rounded-full text-sea-700 hover:bg-sea-50'
      }
    >
      {copied ? <CheckIcon size={18} /> : <CopyIcon size={18} />}
      {withText ? <span aria-hidden="true">{copied ? t`Copied` : t`Copy`}</span> : null}
      {/* Said once by screen readers, the button keeping its name. */}
      <span role="status" className="sr-only">
        {copied ? t`Copied` : ''}
      </span>
    </button>
  );
}
