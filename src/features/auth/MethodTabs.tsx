/** Phone or e-mail: the two ways to sign up, log in and reset a password. */
import { useLingui } from '@lingui/react/macro';
import { Segmented, SegmentedButton } from 'konsta/react';

export type ContactMethod = 'phone' | 'email';

export interface MethodTabsProps {
  value: ContactMethod;
  onChange(method: ContactMethod): void;
  /** The label of the e-mail tab; the login form's also takes a username. */
  emailLabel?: string;
}

export function MethodTabs({ value, onChange, emailLabel }: MethodTabsProps) {
  const { t } = useLingui();
  return (
    <Segmented strong rounded role="tablist" className="mb-5">
      <SegmentedButton active={value === 'phone'} role="tab" aria-selected={value === 'phone'} onClick={() => onChange('phone')}>
        {t`Phone`}
      </SegmentedButton>
      <SegmentedButton active={value === 'email'} role="tab" aria-selected={value === 'email'} onClick={() => onChange('email')}>
        {emailLabel ?? t`E-mail`}
      </SegmentedButton>
    </Segmented>
  );
}
