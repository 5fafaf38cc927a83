import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useCounts } from '../../../src/ui/counts';
import { activateLocale } from '../../../src/i18n';
import { renderUi } from '../app/render';

afterEach(cleanup);

function Days({ counts }: { counts: number[] }) {
  const { days } = useCounts();
  return (
    <ul>
      {counts.map((count) => (
        <li key={count}>{days(count)}</li>
      ))}
    </ul>
  );
}

const shown = () => screen.getAllByRole('listitem').map((item) => item.textContent);

describe('counted days', () => {
  it('say "1 day" and "30 days" in English, and use each of Arabic’s forms', async () => {
    await renderUi(<Days counts={[1, 2, 3, 11, 30, 100]} />);
    expect(shown()).toEqual(['1 day', '2 days', '3 days', '11 days', '30 days', '100 days']);
    await act(() => activateLocale('ar'));
    // One, two, a few (3–10), many (11–99), and the hundreds.
    expect(shown()).toEqual(['يوم واحد', 'يومان', '3 أيام', '11 يومًا', '30 يومًا', '100 يوم']);
    await act(() => activateLocale('de'));
    expect(shown()).toEqual(['1 Tag', '2 Tage', '3 Tage', '11 Tage', '30 Tage', '100 Tage']);
    await act(() => activateLocale('zh'));
    expect(shown()).toEqual(['1 天', '2 天', '3 天', '11 天', '30 天', '100 天']);
  });
});
