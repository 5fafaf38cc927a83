/** Copies one value (an address, an IBAN, a reference) to the clipboard and says whether it worked. */
import { useLingui } from '@lingui/react/macro';
import { toast } from '../../ui/feedback/toast';
import { CopyIcon } from '../../ui/moreIcons';
import { errorMessage } from '../../i18n';

export async function copyText(text: string, copiedText: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(copiedText);
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
  return (
    <button
      type="button"
      onClick={() => void copyText(text, t`Copied`)}
      aria-label={label}
      className={
        withText
          ? 'inline-flex min-h-11 items-center gap-1.5 rounded-full bg-sea-50 px-4 py-2 text-sm font-semibold text-sea-700 active:bg-sea-100'
          : '-my-0.5 -me-2.5 flex size-11 shrink-0 items-center justify-center rounded-full text-sea-700 hover:bg-sea-50'
      }
    >
      <CopyIcon size={18} />
      {withText ? <span aria-hidden="true">{t`Copy`}</span> : null}
    </button>
  );
}
