/** A password field with a show/hide toggle, so a long run of digits can be checked before sending. */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { EyeIcon, EyeOffIcon } from '../moreIcons';
import { TextField, type TextFieldProps } from './TextField';

export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const { t } = useLingui();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      inputMode={props.inputMode ?? 'numeric'}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          aria-label={visible ? t`Hide password` : t`Show password`}
          aria-pressed={visible}
          className="-my-1 -me-2 flex size-11 items-center justify-center rounded-full text-muted hover:text-ink"
        >
          {visible ? <EyeOffIcon size={20} /> : <EyeIcon size={20} />}
        </button>
      }
    />
  );
}
