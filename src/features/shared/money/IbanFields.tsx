/**
 * The IBAN and the BIC of a bank account, as the bank binding and the address book ask for them:
 * typed in capitals, the IBAN shown in groups of four and its check digits (mod 97) tested, the
 * BIC's shape too, as soon as the field is left (an empty one waits for sending).
 */
import { useLingui } from '@lingui/react/macro';
import type { ErrorKey } from '../../../domain/errors';
import { isValidIban, isValidSwift } from '../../../domain/payments';
import { TextField } from '../../../ui/form/TextField';
import { groupIban } from './iban';

export interface IbanFieldsProps {
  iban: string;
  bic: string;
  errors: { iban?: string; bic?: string };
  /** A field's new text (typing clears its message), or its tidied form once left. */
  onChange(name: 'iban' | 'bic', value: string): void;
  /** A field left with a problem. */
  onProblem(name: 'iban' | 'bic', key: ErrorKey): void;
}

export function IbanFields({ iban, bic, errors, onChange, onProblem }: IbanFieldsProps) {
  const { t } = useLingui();
  function leave(name: 'iban' | 'bic') {
    const value = (name === 'iban' ? iban : bic).trim();
    if (!value) return;
    onChange(name, name === 'iban' ? groupIban(value) : value.replace(/\s+/g, '').toUpperCase());
    if (name === 'iban' && !isValidIban(value)) onProblem(name, 'bank.ibanInvalid');
    if (name === 'bic' && !isValidSwift(value)) onProblem(name, 'bank.swiftInvalid');
  }
  return (
    <>
      <TextField
        label={t`IBAN`}
        value={iban}
        onChange={(value) => onChange('iban', value.toUpperCase().replace(/[^A-Z0-9 ]/g, ''))}
        onBlur={() => leave('iban')}
        error={errors.iban}
        placeholder="DE89 3704 0044 0532 0130 00"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        ltr
        className="[&_input]:tracking-wide"
      />
      <TextField
        label={t`SWIFT/BIC`}
        value={bic}
        onChange={(value) => onChange('bic', value.toUpperCase().replace(/[^A-Z0-9]/g, ''))}
        onBlur={() => leave('bic')}
        error={errors.bic}
        hint={t`8 or 11 letters and digits.`}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={11}
        ltr
        className="[&_input]:tracking-wide"
      />
    </>
  );
}
