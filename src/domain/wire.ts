/** Shapes of the replies the PWA reads (the `data` of the envelope). */
import type { Locale } from './locales';

export interface LoginReply {
  token: string;
  expiresAt: string;
}

export interface SendCodeReply {
  /** Seconds until another code may be requested. */
  retryAfter: number;
}

export interface UserInfo {
  id: string;
  username: string;
  nickname: string;
  avatar: string | null;
  phone: string | null;
  email: string | null;
  inviteCode: string;
  isMerchant: boolean;
  hasPayPassword: boolean;
  locale: Locale;
  vipLevel: number;
  createdAt: string;
}

export interface KfReply {
  kf: string;
}

export interface RateItem {
  currency: string;
  /** EUR for one USDT, as a decimal string. */
  rate: string;
}

export interface CoinEntry {
  id: number;
  name: string;
  /** 'crypto' coins have networks and addresses; 'bank' is the bank card option. */
  kind: 'crypto' | 'bank';
  network: string | null;
  address: string | null;
  /** USDT only: the TRC20 and the ERC20 deposit addresses. */
  address_omni?: string;
  address_erc?: string;
  bank?: { holder: string; iban: string; bic: string; bankName: string } | null;
}

export interface CoinListReply {
  legal: CoinEntry[];
}

export interface WalletBalanceRow {
  currency_name: string;
  /** Decimal string with the asset's full precision. */
  legal_balance: string;
}

export interface WalletListReply {
  legal_wallet: { balance: WalletBalanceRow[] };
}
