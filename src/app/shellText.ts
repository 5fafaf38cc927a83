/**
 * The words of index.html's static shell. The shell paints before any script or catalogue has
 * arrived; with its texts in the reader's language it is the screen they will use (the visitor's
 * balance card, the shortcuts, the tab bar, the log-in header, Me's menu), not a grey outline, and the app's
 * render replaces it with the same words in the same places.
 *
 * Each element of the shell with `data-text="N"` shows SHELL_TEXTS[N]. The build (the Vite plugin in
 * vite.config.ts) looks every one of them up in each language's catalogues and writes
 * `(shellText)(texts)` into the page right after the shell, so it runs before the first paint; the
 * server allows that script by its hash like the boot hint's.
 *
 * It must stay self-contained: it is serialised with Function.prototype.toString.
 */
export const SHELL_TEXTS = [
  // 0–3: the visitor's balance card (src/features/home/BalanceCard.tsx)
  'Your USDT and EUR in one place',
  'Log in to see your balances, deposit, withdraw and trade.',
  'Log in',
  'Create account',
  // 4–11: the shortcuts (src/features/home/QuickActions.tsx)
  'Deposit',
  'Withdraw',
  'Convert',
  'Fund record',
  'Pledge',
  'Loan',
  'VIP',
  'Guide',
  // 12–15: the tab bar (src/app/TabBar.tsx)
  'Home',
  'Trade',
  'Orders',
  'Me',
  // 16–17: the log-in and sign-up header (src/features/auth/AuthLayout.tsx)
  'Language',
  'USDT and EUR, kept calm and clear.',
  // 18–30: Me (src/features/mine/MineScreen.tsx): title, balances, the groups always shown and their rows
  'Me',
  'Balances',
  'Money',
  'My assets',
  'Deposit records',
  'Withdrawal records',
  'Account',
  'Account binding',
  'Settings',
  'Help',
  'Platform intro',
  'Help centre',
  'Customer service',
  // 31–32: quick trade on home (src/features/home/QuickActions.tsx)
  'Buy USDT',
  'Sell USDT',
] as const;

/** Per language, SHELL_TEXTS translated, in the same order. */
export type ShellTexts = Record<string, readonly string[]>;

export function shellText(texts: ShellTexts): void {
  const words = texts[document.documentElement.lang] || texts.en;
  const nodes = document.querySelectorAll('[data-text]');
  for (let i = 0; i < nodes.length; i++) {
    const text = words[Number(nodes[i].getAttribute('data-text'))];
    if (text) nodes[i].textContent = text;
  }
}
