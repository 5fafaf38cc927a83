/**
 * The floating customer-service button (SPEC §2), at the end edge (right in English, left in
 * Arabic and Hebrew), above the tab bar where there is one.
 */
import { useLingui } from '@lingui/react/macro';
import { HeadsetIcon } from './icons';

export interface SupportButtonProps {
  /** Sits higher to clear the tab bar. */
  raised: boolean;
  onOpen(): void;
}

export function SupportButton({ raised, onOpen }: SupportButtonProps) {
  const { t } = useLingui();
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={t`Customer service`}
      title={t`Customer service`}
      className={[
        'absolute end-4 z-30 flex size-13 items-center justify-center rounded-full',
        'bg-sea-700 text-white shadow-lg shadow-sea-900/25 transition active:scale-95',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sea-700',
        raised ? 'bottom-[calc(var(--k-safe-area-bottom)+6rem)]' : 'bottom-[calc(var(--k-safe-area-bottom)+1.5rem)]',
      ].join(' ')}
    >
      <HeadsetIcon size={24} />
    </button>
  );
}
