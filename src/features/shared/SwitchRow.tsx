/**
 * A settings row that is one switch: the whole row (icon, words and switch, at least 56 px high)
 * is the switch's label, so a tap anywhere on it toggles the switch, as a finger expects; the
 * switch alone would be a 52 × 32 px target.
 */
import { Toggle } from 'konsta/react';
import type { ReactNode } from 'react';

export interface SwitchRowProps {
  label: string;
  icon?: ReactNode;
  checked: boolean;
  disabled?: boolean;
  onChange(): void;
}

export function SwitchRow({ label, icon, checked, disabled = false, onChange }: SwitchRowProps) {
  return (
    <label className={`flex min-h-14 w-full items-center gap-3 px-4 py-3 ${disabled ? '' : 'cursor-pointer transition-colors active:bg-canvas'}`}>
      {icon ? <span className="shrink-0 text-sea-700">{icon}</span> : null}
      <span className="min-w-0 flex-1 text-start text-base text-ink">{label}</span>
      {/* A span, not Konsta's own label: the row is the label, and labels do not nest. */}
      <Toggle component="span" checked={checked} disabled={disabled} onChange={onChange} />
    </label>
  );
}
