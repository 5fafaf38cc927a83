import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { confirm, confirmQueueAtom } from '../../../src/ui/feedback/confirm';
import { ConfirmHost } from '../../../src/app/feedback/ConfirmHost';
import { renderUi } from './render';

beforeEach(() => getDefaultStore().set(confirmQueueAtom, []));
afterEach(cleanup);

async function open(options: Parameters<typeof confirm>[0]) {
  const view = await renderUi(<ConfirmHost />);
  let answer!: Promise<boolean>;
  act(() => {
    answer = confirm(options);
  });
  // The dialog's code loads with the first confirmation.
  await screen.findByRole('alertdialog');
  return { view, answer };
}

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

describe('confirm dialog', () => {
  it('is titled "Please confirm" unless told otherwise, with Confirm and Cancel', async () => {
    await open({ content: 'Please log in to continue.' });
    expect(screen.getByText('Please confirm')).toBeTruthy();
    expect(screen.getByText('Please log in to continue.')).toBeTruthy();
    expect(screen.getByText('Confirm')).toBeTruthy();
    expect(screen.getByText('Cancel')).toBeTruthy();
  });

  it('uses the given title and button texts', async () => {
    await open({ title: 'Log out', content: 'Sure?', confirmText: 'Log out now', cancelText: 'Stay' });
    expect(screen.queryByText('Please confirm')).toBeNull();
    expect(screen.getByText('Log out now')).toBeTruthy();
    expect(screen.getByText('Stay')).toBeTruthy();
  });

  it('resolves true on confirm and false on cancel', async () => {
    const first = await open({ content: 'one' });
    fireEvent.click(screen.getByText('Confirm'));
    await expect(first.answer).resolves.toBe(true);
    cleanup();
    const second = await open({ content: 'two' });
    fireEvent.click(screen.getByText('Cancel'));
    await expect(second.answer).resolves.toBe(false);
  });

  it('cancels on a tap on the overlay', async () => {
    const { view, answer } = await open({ content: 'tap outside' });
    fireEvent.click(view.baseElement.querySelector('[data-confirm-overlay]')!);
    await expect(answer).resolves.toBe(false);
    expect(getDefaultStore().get(confirmQueueAtom)).toEqual([]);
  });

  it('waits on the confirm button while the confirmed work runs, ignoring cancel meanwhile', async () => {
    const work = deferred();
    const { view, answer } = await open({ content: 'slow', onConfirm: () => work.promise });
    await act(async () => {
      fireEvent.click(screen.getByText('Confirm'));
    });
    const busy = screen.getByText('Please wait').closest('button')!;
    expect(busy.disabled).toBe(true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
    fireEvent.click(view.baseElement.querySelector('[data-confirm-overlay]')!);
    expect(getDefaultStore().get(confirmQueueAtom)).toHaveLength(1);
    await act(async () => work.resolve());
    await expect(answer).resolves.toBe(true);
    expect(getDefaultStore().get(confirmQueueAtom)).toEqual([]);
  });

  it('stays open for another try when the confirmed work fails', async () => {
    const work = deferred();
    await open({ content: 'fails', onConfirm: () => work.promise });
    await act(async () => {
      fireEvent.click(screen.getByText('Confirm'));
    });
    await act(async () => work.reject(new Error('offline')));
    expect(screen.getByText('Confirm').closest('button')!.disabled).toBe(false);
    expect(getDefaultStore().get(confirmQueueAtom)).toHaveLength(1);
  });

  it('shows a second request after the first is answered, not instead of it', async () => {
    await renderUi(<ConfirmHost />);
    let first!: Promise<boolean>;
    let second!: Promise<boolean>;
    act(() => {
      first = confirm({ content: 'first' });
      second = confirm({ content: 'second' });
    });
    expect(await screen.findByText('first')).toBeTruthy();
    act(() => fireEvent.click(screen.getByText('Confirm')));
    await expect(first).resolves.toBe(true);
    expect(screen.getByText('second')).toBeTruthy();
    act(() => fireEvent.click(screen.getByText('Cancel')));
    await expect(second).resolves.toBe(false);
  });
});
