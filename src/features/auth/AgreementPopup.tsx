/** The user agreement, readable from the sign-up form before accepting it. */
import { Trans, useLingui } from '@lingui/react/macro';
import { Block, Navbar, Page, Popup } from 'konsta/react';
import { Button } from '../../ui/Button';
import { useOverlay } from '../../ui/overlays';
import { TITLE } from '../../ui/title';

export interface AgreementPopupProps {
  opened: boolean;
  onClose(): void;
  onAccept(): void;
}

export function AgreementPopup({ opened, onClose, onAccept }: AgreementPopupProps) {
  const { t } = useLingui();
  const modal = useOverlay(opened);
  return (
    <Popup ref={modal} opened={opened} role="dialog" aria-modal={opened || undefined} onBackdropClick={onClose} aria-label={t`User agreement`}>
      <Page colors={{ bgMaterial: 'bg-surface' }}>
        <Navbar
          title={<span className={TITLE}>{t`User agreement`}</span>}
          colors={{ bgMaterial: 'bg-surface' }}
          right={
            <button type="button" onClick={onClose} className="min-h-11 px-3 text-sm font-medium text-sea-700">
              {t`Close`}
            </button>
          }
        />
        <Block className="space-y-4 text-sm leading-relaxed text-ink">
          <p>
            <Trans>By creating an account you agree to these terms for using Tessera.</Trans>
          </p>
          <h3 className="font-semibold">{t`Your account`}</h3>
          <p>
            <Trans>
              Keep your login password and your payment password to yourself. Tessera staff will never ask for them.
              Everything done with your passwords counts as done by you.
            </Trans>
          </p>
          <h3 className="font-semibold">{t`Your money`}</h3>
          <p>
            <Trans>
              Your USDT and EUR balances are recorded in a ledger where every movement has a reason you can see in your
              records. Fees and exchange rates are shown before you confirm, and those are the ones charged.
            </Trans>
          </p>
          <h3 className="font-semibold">{t`Risks`}</h3>
          <p>
            <Trans>
              Crypto-assets can lose value. Pledges are locked for their term, loans must be repaid on time, and trades
              with merchants are final once both sides have confirmed.
            </Trans>
          </p>
          <h3 className="font-semibold">{t`Your data`}</h3>
          <p>
            <Trans>
              We use your phone number or e-mail address to sign you in and to send verification codes, and keep your
              records as the law requires.
            </Trans>
          </p>
        </Block>
        <Block>
          <Button
            onClick={() => {
              onAccept();
              onClose();
            }}
          >
            {t`I agree`}
          </Button>
        </Block>
      </Page>
    </Popup>
  );
}
