/** The support entry of home: the same place as the floating button, with words. */
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { ChevronEndIcon, HeadsetIcon } from '../../app/icons';

export function SupportCard() {
  return (
    <Link to="/home/service" className="flex items-center gap-3 rounded-2xl bg-surface px-4 py-3.5 active:bg-canvas">
      <span className="flex size-10 items-center justify-center rounded-xl bg-sea-50 text-sea-700">
        <HeadsetIcon size={20} />
      </span>
      <span className="flex-1">
        <span className="block text-sm font-medium text-ink">
          <Trans>Questions? We are here to help</Trans>
        </span>
        <span className="block text-xs text-muted">
          <Trans>Chat with customer service</Trans>
        </span>
      </span>
      <ChevronEndIcon size={18} className="text-muted" />
    </Link>
  );
}
