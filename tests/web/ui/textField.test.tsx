/**
 * A left-to-right field in Arabic and Hebrew: its value stays left to right, while a control in the
 * page's language ("Send code", "All") and a placeholder in it follow the page ("إرسال الرمز" stayed
 * on the right and pushed "6 أرقام" to the left).
 */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TextField } from '../../../src/ui/form/TextField';
import { renderUi } from '../app/render';

afterEach(cleanup);

const box = (input: HTMLElement) => input.parentElement!;

describe('a field whose value runs left to right', () => {
  it('keeps its value left to right and its box in the page’s direction, so the control sits at the page’s end', async () => {
    await renderUi(<TextField label="رمز التحقق" value="" onChange={() => undefined} placeholder="6 أرقام" ltr trailing={<button type="button">إرسال الرمز</button>} />);
    const input = screen.getByLabelText('رمز التحقق');
    expect(input.getAttribute('dir')).toBe('ltr');
    expect(box(input).hasAttribute('dir')).toBe(false);
    // Its placeholder, in Arabic, is read from the page's start while it shows.
    expect(input.className).toContain('placeholder-shown:[direction:rtl]');
  });

  it('leaves a placeholder that is a sample of the value where the value goes', async () => {
    await renderUi(<TextField label="العنوان" value="" onChange={() => undefined} placeholder="T..." ltr />);
    expect(screen.getByLabelText('العنوان').className).not.toContain('placeholder-shown:[direction:rtl]');
  });

  it('lays the whole box out left to right when what is around the input belongs to the value (a calling code, a unit)', async () => {
    await renderUi(<TextField label="رقم الهاتف" value="" onChange={() => undefined} ltr="whole" leading={<button type="button">+971</button>} />);
    const input = screen.getByLabelText('رقم الهاتف');
    expect(box(input).getAttribute('dir')).toBe('ltr');
    expect(input.getAttribute('dir')).toBe('ltr');
  });
});
