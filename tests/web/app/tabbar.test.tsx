import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TabBar } from '../../../src/app/TabBar';
import { renderUi } from './render';

afterEach(cleanup);

describe('TabBar', () => {
  it('appears on the four tab paths only', async () => {
    for (const path of ['/home', '/market', '/order', '/mine']) {
      const view = await renderUi(<TabBar path={path} onNavigate={() => {}} />);
      expect(screen.getByRole('navigation', { name: 'Main' }), path).toBeTruthy();
      view.unmount();
    }
    for (const path of ['/home/service', '/mine/profile', '/auth/login', '/setting']) {
      const view = await renderUi(<TabBar path={path} onNavigate={() => {}} />);
      expect(screen.queryByRole('navigation', { name: 'Main' }), path).toBeNull();
      view.unmount();
    }
  });

  it('highlights the tab of the current path, and only that one', async () => {
    const { container } = await renderUi(<TabBar path="/order" onNavigate={() => {}} />);
    const current = container.querySelectorAll('[aria-current="page"]');
    expect(current).toHaveLength(1);
    expect(current[0].getAttribute('data-path')).toBe('/order');
  });

  it('highlights a tapped tab while its screen is still loading, but not a screen outside the tabs', async () => {
    const loading = await renderUi(<TabBar path="/home" target="/market" onNavigate={() => {}} />);
    expect([...loading.container.querySelectorAll('[aria-current="page"]')].map((tab) => tab.getAttribute('data-path'))).toEqual(['/market']);
    loading.unmount();
    const leaving = await renderUi(<TabBar path="/home" target="/recharge" onNavigate={() => {}} />);
    expect([...leaving.container.querySelectorAll('[aria-current="page"]')].map((tab) => tab.getAttribute('data-path'))).toEqual(['/home']);
  });

  it('navigates to another tab but not to the one already shown', async () => {
    const onNavigate = vi.fn();
    const { container } = await renderUi(<TabBar path="/mine" onNavigate={onNavigate} />);
    fireEvent.click(container.querySelector('[data-path="/mine"]')!);
    expect(onNavigate).not.toHaveBeenCalled();
    fireEvent.click(container.querySelector('[data-path="/market"]')!);
    expect(onNavigate).toHaveBeenCalledExactlyOnceWith('/market');
  });
});
