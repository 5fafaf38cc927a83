/** Phone or e-mail: the two ways to sign up, log in and reset a password, as the app's one segmented control (ui/Choices.tsx). */
import { useLingui } from '@lingui/react/macro';
import { Choices } from '../../ui/Choices';
import type { ContactMethod } from '../shared/contact/sendCode';

export type { ContactMethod };

export interface MethodTabsProps {
  value: ContactMethod;
  onChange(method: ContactMethod): void;
}

export function MethodTabs({ value, onChange }: MethodTabsProps) {
  const { t } = useLingui();
  return (
    <Choices<ContactMethod>
      kind="tab"
      options={[
        { value: 'phone', label: t`Phone` },
        // Short enough for its half of the row in every language; the login's field says a username works too.
        { value: 'email', label: t`E-mail` },
      ]}
      value={value}
      onChange={onChange}
      className="mb-5"
    />
  );
}
