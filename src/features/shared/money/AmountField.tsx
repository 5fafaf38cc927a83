/**
 * The amount field of a money form (useZodForm): "Amount (USDT)", kept to digits and one decimal
 * separator as it is typed and written as the language writes numbers (DecimalField), checked against the form's limits at each keystroke, and "All" when the
 * form says how much there is (a balance, the interest held) — the same field on every screen.
 */
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useWatch, type FieldValues, type Path, type PathValue, type UseFormReturn } from 'react-hook-form';
import type { Asset } from '../../../domain/money';
import { plainDecimal } from '../../../domain/payments';
import { DecimalField } from './DecimalField';

export interface AmountFieldProps<V extends FieldValues, O extends FieldValues> {
  form: UseFormReturn<V, unknown, O>;
  name: Path<V>;
  asset: Asset;
  /** The field's label; "Amount (USDT)" when absent. */
  label?: string;
  /** What "All" fills in (a decimal string); no "All" when absent. */
  all?: string;
  hint?: ReactNode;
  /** Shown as it is (write its figures with useDecimalShown); by default "0.00" in the language's writing. */
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
    <DecimalField
      label={label ?? t`Amount (${asset})`}
      value={typeof value === 'string' ? value : ''}
      onChange={set}
      error={form.formState.errors[name]?.message as string | undefined}
      hint={hint}
      placeholder={placeholder}
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
