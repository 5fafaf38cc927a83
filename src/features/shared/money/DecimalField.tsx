/**
 * A field for a decimal figure (an amount, a price) written as the language writes numbers: a
 * German types and reads "54,92", as the balances beside the field are written, and sees "0,00"
 * while it is empty. Either "," or "." typed is the decimal separator (amounts.ts, decimalInput);
 * the form keeps a plain decimal with a point ("54.92") for the domain's rules.
 */
import { useAtomValue } from 'jotai';
import { decimalSeparator } from '../../../domain/format';
import { localeAtom } from '../../../i18n';
import { TextField, type TextFieldProps } from '../../../ui/form/TextField';
import { decimalInput } from './amounts';

/** Writes a plain decimal ("10.5") with the language's decimal separator ("10,5"): for a field's value or a placeholder. */
export function useDecimalShown(): (plain: string) => string {
  const separator = decimalSeparator(useAtomValue(localeAtom));
  return (plain) => plain.replace('.', separator);
}

export type DecimalFieldProps = Omit<TextFieldProps, 'inputMode' | 'ltr' | 'autoComplete'> & {
  /** 'whole' when what follows the figure reads with it (its unit: "25 USDT"); else a control ("All") follows the page's direction. */
  ltr?: 'whole';
};

/** `placeholder`, when given, is shown as it is (write its figures with useDecimalShown); by default zero with cents: "0,00". */
export function DecimalField({ value, onChange, placeholder, ltr, ...field }: DecimalFieldProps) {
  const shown = useDecimalShown();
  return (
    <TextField
      {...field}
      value={shown(value)}
      onChange={(text) => onChange(decimalInput(text))}
      placeholder={placeholder ?? shown('0.00')}
      inputMode="decimal"
      autoComplete="off"
      ltr={ltr ?? true}
    />
  );
}
