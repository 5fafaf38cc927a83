/**
 * Counted words in the reader's language: "1 day", "30 days", and in Arabic the forms for one,
 * two, a few and many. One place, so every screen that says how long something runs says it alike.
 */
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';

export function useCounts() {
  const { t } = useLingui();
  return {
    /** "30 days". */
    days: (count: number) => t({ message: plural(count, { one: '# day', other: '# days' }) }),
  };
}
