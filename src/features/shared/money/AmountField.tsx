/**
 * The amount field of a money form (useZodForm): "Amount (USDT)", kept to digits and one decimal
 * point as it is typed, checked against the form's limits at each keystroke, and "All" when the
 * form says how much there is (a balance, the interest held) — the same field on every screen.
 */
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useWatch, type FieldValues, type Path, type PathValue, type UseFormReturn } from 'react-hook-form';
import type { Asset } from '../../../domain/money';
import { plainDecimal } from '../../../domain/payments';
import { TextField } from '../../../ui/form/TextField';
import { decimalInput } from './amounts';

export interface AmountFieldProps<V extends FieldValues, O extends FieldValues> {
  form: UseFormReturn<V, unknown, O>;
  name: Path<V>;
  asset: Asset;
  /** The field's label; "Amount (USDT)" when absent. */
  label?: string;
  /** What "All" fills in (a decimal string); no "All" when absent. */
  all?: string;
  hint?: ReactNode;
  placeholder?: string;
  disabled?: boolean;
  /** Told each new value (a screen that also filters by the amount). */
  onChange?(text: string): void;
}

export function AmountField<V extends FieldValues, O extends FieldValues>({ form, name, asset, label, all, hint, placeholder, disabled, onChange }: AmountFieldProps<V, O>) {
  const { t } = useLingui();
  const value = useWatch({ control: form.control, name }) as unknown;
  // Checked at each keystroke (the minimum, the balance, the maximum: the form's schema), so the
  // problem is said before the press; an emptied field says nothing until the next check.
  const set = (text: string) => {
    form.setValue(name, text as PathValue<V, Path<V>>, { shouldDirty: true });
    if (text) void form.trigger(name);
    else form.clearErrors(name);
    onChange?.(text);
  };
  return (
    <TextField
      label={label ?? t`Amount (${asset})`}
      value={typeof value === 'string' ? value : ''}
      onChange={(text) => set(decimalInput(text))}
      error={form.formState.errors[name]?.message as string | undefined}
      hint={hint}
      inputMode="decimal"
      autoComplete="off"
      placeholder={placeholder}
      ltr
      disabled={disabled}
      trailing={
        all === undefined ? undefined : (
          <button
            type="button"
            onClick={() => set(plainDecimal(all))}
            disabled={disabled}
            className="-my-2 -me-2 flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-full px-3 text-sm font-semibold text-sea-700"
          >
            {t`All`}
          </button>
        )
      }
    />
  );
}
