import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SupportButton } from '../../../src/app/SupportButton';
import { TabBar } from '../../../src/app/TabBar';
import { NavbarEndContext } from '../../../src/ui/navbarEnd';
import { Screen } from '../../../src/ui/Screen';
import { renderScreen, renderUi } from './render';

afterEach(cleanup);

/** A screen with its own action in the navbar and an amount as its last line, as the deposit screen has. */
function DepositLike() {
  return (
    <NavbarEndContext value={<SupportButton place="navbar" onOpen={() => {}} />}>
      <Screen right={<a href="/recharge/records">Deposit records</a>}>
        <p>Send only USDT on TRC20 to this address</p>
        <p data-address>TQ4mWJ6m7r8rB2qzv9FzJZJ9dRk3x5YpXb</p>
      </Screen>
    </NavbarEndContext>
  );
}

describe('the support button', () => {
  it('on a screen with a navbar, sits at the navbar’s end after the screen’s own action, not over the content', async () => {
    const { container } = await renderScreen(DepositLike);
    const button = screen.getByRole('button', { name: 'Customer service' });
    const navbar = container.querySelector('.k-navbar')!;
    expect(navbar.contains(button)).toBe(true);
    const end = [...navbar.querySelectorAll('a, button')].map((element) => element.getAttribute('aria-label') ?? element.textContent);
    expect(end).toEqual(['Back', 'Deposit records', 'Customer service']);
    // The content is a sibling of the navbar: nothing of the frame is drawn inside it.
    const address = container.querySelector('[data-address]')!;
    expect(navbar.contains(address)).toBe(false);
  });

  it('on a screen without it, the navbar has the screen’s own action only', async () => {
    const { container } = await renderScreen(() => (
      <Screen right={<a href="/loan/my-loan">My loans</a>}>
        <p>Loans</p>
      </Screen>
    ));
    expect(screen.queryByRole('button', { name: 'Customer service' })).toBeNull();
    expect(container.querySelectorAll('.k-navbar a')).toHaveLength(1);
  });

  it('on a tab screen, is docked at the end of the tab bar, after the four tabs', async () => {
    const onOpen = vi.fn();
    await renderUi(<TabBar path="/mine" onNavigate={() => {}} end={<SupportButton place="tabbar" onOpen={onOpen} />} />);
    const bar = screen.getByRole('navigation', { name: 'Main' });
    const button = within(bar).getByRole('button', { name: 'Customer service' });
    const order = [...bar.querySelectorAll('[data-path], [data-support]')].map((element) => element.getAttribute('data-path') ?? 'support');
    expect(order).toEqual(['/home', '/market', '/order', '/mine', 'support']);
    fireEvent.click(button);
    expect(onOpen).toHaveBeenCalledOnce();
  });

  it('opens customer service from the navbar too', async () => {
    const onOpen = vi.fn();
    await renderUi(<SupportButton place="navbar" onOpen={onOpen} />);
    fireEvent.click(screen.getByRole('button', { name: 'Customer service' }));
    expect(onOpen).toHaveBeenCalledOnce();
  });
});
