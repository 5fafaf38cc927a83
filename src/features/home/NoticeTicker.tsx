/**
 * The announcements line of home. The news service arrives in a later issue; until
 * then it says plainly that there are no announcements rather than showing invented ones.
 */
import { useLingui } from '@lingui/react/macro';
import { MegaphoneIcon } from '../../app/icons';

export function NoticeTicker() {
  const { t } = useLingui();
  return (
    <section aria-label={t`Announcements`} className="flex items-center gap-3 rounded-2xl bg-surface px-4 py-3">
      <MegaphoneIcon size={20} className="shrink-0 text-sea-700" />
      <p className="truncate text-sm text-muted">{t`No announcements right now.`}</p>
    </section>
  );
}
