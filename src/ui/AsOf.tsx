/** "Offline · as of 14:32": marks numbers that are a last-known copy, not live: offline the app shows the copy it kept on the device. */
import { Trans } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { localeAtom } from '../i18n';

export function AsOf({ time, className }: { time: number; className?: string }) {
  const locale = useAtomValue(localeAtom);
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(time);
  return (
    <span className={`text-xs ${className ?? ''}`}>
      <Trans>Offline · as of {when}</Trans>
    </span>
  );
}

/** The time of a kept copy on its own line, at the end, above a screen's figures; nothing when they are live. */
export function AsOfLine({ time }: { time: number | null }) {
  if (time === null) return null;
  return (
    <p className="text-end">
      <AsOf time={time} className="text-muted" />
    </p>
  );
}
