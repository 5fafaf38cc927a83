/**
 * Every screen of SPEC §2 with its page title. The router (router.tsx) is built from this table;
 * the navbar and document.title read the title from it, so a screen never repeats its own name.
 * Screens without `load` are areas of later issues: they show the shared "coming soon" state.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ComponentType } from 'react';

export type ScreenModule = { default: ComponentType };

export interface ScreenEntry {
  path: string;
  title: MessageDescriptor;
  /** The screen's code, loaded when first visited (one chunk per screen). */
  load?: () => Promise<ScreenModule>;
}

export const SCREENS = [
  // Auth area: side-image layout, never kept alive.
  { path: '/auth/login', title: msg`Log in`, load: () => import('../features/auth/LoginScreen') },
  { path: '/auth/register', title: msg`Create account`, load: () => import('../features/auth/RegisterScreen') },
  { path: '/auth/forgot', title: msg`Reset password`, load: () => import('../features/auth/ForgotScreen') },

  // The four tabs; KeptTabs renders them so they keep their state.
  { path: '/home', title: msg`Home` },
  { path: '/market', title: msg`Trading hall` },
  { path: '/order', title: msg`Orders` },
  { path: '/mine', title: msg`Me` },

  { path: '/home/service', title: msg`Customer service`, load: () => import('../features/service/ServiceScreen') },
  { path: '/home/tutorial', title: msg`Trading guide` },
  { path: '/home/tutorial-detail', title: msg`Guide` },

  { path: '/assets', title: msg`Assets`, load: () => import('../features/assets/AssetsScreen') },
  { path: '/assets/assets-log', title: msg`Fund record`, load: () => import('../features/assets/AssetLogScreen') },
  { path: '/assets/components/recharge', title: msg`Deposit`, load: () => import('../features/deposit/DepositScreen') },
  { path: '/assets/components/withdarw', title: msg`Withdraw`, load: () => import('../features/withdraw/WithdrawScreen') },
  { path: '/coin', title: msg`Coins` },
  { path: '/level', title: msg`VIP levels`, load: () => import('../features/vip/LevelScreen') },

  { path: '/loan', title: msg`Platform loan` },
  { path: '/loan/apply-loan', title: msg`Apply for a loan` },
  { path: '/loan/components/article', title: msg`Loan terms` },
  { path: '/loan/loan-detail', title: msg`Loan details` },
  { path: '/loan/my-loan', title: msg`My loans` },

  { path: '/market/sell', title: msg`Sell USDT` },

  { path: '/mine/bind', title: msg`Account binding`, load: () => import('../features/bank/BankBindScreen') },
  { path: '/mine/components', title: msg`Interest wallet` },
  { path: '/mine/components/transfer', title: msg`Transfer`, load: () => import('../features/transfer/TransferScreen') },
  { path: '/mine/my-assets', title: msg`My assets`, load: () => import('../features/assets/AssetsScreen') },
  { path: '/mine/platform-intro', title: msg`Platform intro` },
  { path: '/mine/profile', title: msg`Personal info`, load: () => import('../features/mine/ProfileScreen') },

  { path: '/pledge', title: msg`Pledge` },
  { path: '/pledge/do-pledge', title: msg`New pledge` },
  { path: '/pledge/records', title: msg`Interest record` },

  { path: '/recharge', title: msg`Deposit`, load: () => import('../features/deposit/DepositScreen') },
  { path: '/recharge/records', title: msg`Deposit records`, load: () => import('../features/deposit/DepositRecordsScreen') },

  { path: '/setting', title: msg`Settings`, load: () => import('../features/settings/SettingsScreen') },
  { path: '/setting/about', title: msg`About us` },
  { path: '/setting/help', title: msg`Help centre` },
  { path: '/setting/language', title: msg`Language`, load: () => import('../features/settings/LanguageScreen') },
  { path: '/setting/pay-password', title: msg`Payment password`, load: () => import('../features/settings/PayPasswordScreen') },

  { path: '/transfer', title: msg`Transfer`, load: () => import('../features/transfer/TransferScreen') },

  { path: '/withdraw', title: msg`Withdraw`, load: () => import('../features/withdraw/WithdrawScreen') },
  { path: '/withdraw/index11', title: msg`Withdraw to an address`, load: () => import('../features/withdraw/CryptoWithdrawScreen') },
  { path: '/withdraw/index22', title: msg`Withdraw to a bank card`, load: () => import('../features/withdraw/BankWithdrawScreen') },
  { path: '/withdraw/records', title: msg`Withdrawal records`, load: () => import('../features/withdraw/WithdrawRecordsScreen') },
] as const satisfies readonly ScreenEntry[];

export type ScreenPath = (typeof SCREENS)[number]['path'];

/** Old addresses kept working: where each one goes now. */
export const ALIASES = {
  '/': '/home',
  '/auth/login11': '/auth/login',
} as const;

const byPath = new Map<string, ScreenEntry>(SCREENS.map((screen) => [screen.path, screen]));

export function screenFor(path: string): ScreenEntry | undefined {
  return byPath.get(normalisePath(path));
}

/** "/mine/" and "/mine" are the same screen. */
export function normalisePath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

export function isAuthPath(path: string): boolean {
  return normalisePath(path).startsWith('/auth/');
}
