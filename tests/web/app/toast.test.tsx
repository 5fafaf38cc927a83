import { act, cleanup, screen } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showToast, toast, toastsAtom } from '../../../src/ui/feedback/toast';
import { ToastHost } from '../../../src/app/feedback/ToastHost';
import { renderUi } from './render';

const shown = () => getDefaultStore().get(toastsAtom);

beforeEach(() => {
  vi.useFakeTimers();
  getDefaultStore().set(toastsAtom, []);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('toasts', () => {
  it('go away after 2 s by default', () => {
    toast.success('Saved');
    vi.advanceTimersByTime(1_999);
    expect(shown().map((t) => t.text)).toEqual(['Saved']);
    vi.advanceTimersByTime(1);
    expect(shown()).toEqual([]);
  });

  it('stay as long as asked: the API client’s HTTP errors stay 5 s', () => {
    showToast('error', 'Network error', 5_000);
    vi.advanceTimersByTime(4_999);
    expect(shown()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(shown()).toHaveLength(0);
  });

  it('stack, each leaving on its own time', () => {
    toast.info('first');
    vi.advanceTimersByTime(1_000);
    toast.warning('second');
    expect(shown().map((t) => t.text)).toEqual(['first', 'second']);
    vi.advanceTimersByTime(1_000);
    expect(shown().map((t) => t.text)).toEqual(['second']);
  });

  it('come in five kinds, each drawn with its own style and role', async () => {
    await act(async () => {
      await renderUi(<ToastHost />);
    });
    act(() => {
      toast.success('ok');
      toast.error('bad');
      toast.warning('careful');
      toast.info('fyi');
      toast.message('hello');
    });
    expect(screen.getByText('bad').closest('[data-kind]')?.getAttribute('role')).toBe('alert');
    const kinds = ['ok', 'careful', 'fyi', 'hello'].map((text) => {
      const element = screen.getByText(text).closest('[data-kind]')!;
      expect(element.getAttribute('role')).toBe('status');
      return [element.getAttribute('data-kind'), element.className.match(/bg-\S+/)?.[0]];
    });
    expect(kinds.map(([kind]) => kind)).toEqual(['success', 'warning', 'info', 'message']);
    expect(new Set(kinds.map(([, background]) => background)).size).toBe(4);
  });
});
