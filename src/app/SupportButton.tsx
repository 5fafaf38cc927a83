/**
 * The customer-service button. It never floats over a screen's content, where it hid the end of
 * the deposit address, an order's fee, the last column of a table and the Log out button: it
 * sits in a place of its own that nothing else uses.
 *
 * - On the four tab screens it is docked at the end of the tab bar (right in English, left in
 *   Arabic and Hebrew): the round button of the app's first screens, in the bar's own row, so the
 *   room the screens already leave for the bar is all it needs.
 * - On every other screen it is an icon at the end of the navbar, after the screen's own action
 *   (a records list), where the eye looks for help and no content ever scrolls.
 */
import { useLingui } from '@lingui/react/macro';
import { HeadsetIcon } from '../ui/icons';

export interface SupportButtonProps {
  /** `tabbar`: the round button docked in the tab bar; `navbar`: an icon of the screen's navbar. */
  place: 'tabbar' | 'navbar';
  onOpen(): void;
}

export function SupportButton({ place, onOpen }: SupportButtonProps) {
  const { t } = useLingui();
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={t`Customer service`}
      title={t`Customer service`}
      data-support={place}
      className={
        place === 'tabbar'
          ? 'flex size-12 shrink-0 items-center justify-center rounded-full bg-sea-700 text-white shadow-md shadow-sea-900/20 transition active:scale-95 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sea-700 motion-reduce:transition-none'
          : 'flex size-12 shrink-0 items-center justify-center rounded-full text-ink active:bg-black/10'
      }
    >
      <HeadsetIcon size={place === 'tabbar' ? 24 : 22} />
    </button>
  );
}
