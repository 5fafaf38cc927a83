import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SwitchRow } from '../../../src/features/settings/SwitchRow';
import { renderUi } from '../app/render';

afterEach(cleanup);

/** A notification row as the settings screen has it, holding its own state. */
function Notices({ onChange, disabled = false }: { onChange(): void; disabled?: boolean }) {
  const [on, setOn] = useState(false);
  return (
    <SwitchRow
      label="Trade notices"
      checked={on}
      disabled={disabled}
      onChange={() => {
        onChange();
        setOn((value) => !value);
      }}
    />
  );
}

describe('a notification switch row on /setting', () => {
  it('toggles its switch when the row’s words are tapped, not only the switch', async () => {
    const onChange = vi.fn();
    await renderUi(<Notices onChange={onChange} />);
    const toggle = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Trade notices' });
    expect(toggle.checked).toBe(false);
    fireEvent.click(screen.getByText('Trade notices'));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(toggle.checked).toBe(true);
    fireEvent.click(screen.getByText('Trade notices'));
    expect(toggle.checked).toBe(false);
  });

  it('is one row at least 44 px high: the switch sits inside the label that names it', async () => {
    await renderUi(<Notices onChange={() => undefined} />);
    const row = screen.getByText('Trade notices').closest('label');
    expect(row).not.toBeNull();
    expect(row!.contains(screen.getByRole('checkbox', { name: 'Trade notices' }))).toBe(true);
    expect(row!.className).toMatch(/\bmin-h-14\b/);
  });

  it('does nothing while notifications cannot be changed', async () => {
    const onChange = vi.fn();
    await renderUi(<Notices onChange={onChange} disabled />);
    fireEvent.click(screen.getByText('Trade notices'));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Trade notices' }).checked).toBe(false);
  });
});
