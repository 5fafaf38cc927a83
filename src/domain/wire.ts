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

// ---- money (amounts are decimal strings with the asset's full precision) ---------------------

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** POST /wallet/get_in_address */
export interface DepositAddressReply {
  coinId: number;
  coin: string;
  kind: 'crypto' | 'bank';
  network: string | null;
  /** The asset the deposit is credited in: USDT for crypto, EUR for the bank card option. */
  asset: 'USDT' | 'EUR';
  /** Crypto: the platform address; bank: the IBAN. */
  address: string;
  bank: { holder: string; iban: string; bic: string; bankName: string } | null;
  /** Bank: the payment reference to put on the transfer, unique per user. */
  reference: string;
  /** A demo installation's address (or bank account): it cannot receive anything. */
  demo: boolean;
}

export interface DepositRecord {
  id: number;
  orderNo: string;
  coin: string;
  network: string | null;
  asset: 'USDT' | 'EUR';
  amount: string;
  address: string;
  reference: string;
  status: 'processing' | 'success' | 'failed';
  /** VIP gift credited on approval. */
  bonus: string | null;
  /** Operator's reason on rejection (or note on approval). */
  reason: string | null;
  createdAt: string;
  decidedAt: string | null;
}

export interface WithdrawMethodInfo {
  method: 'crypto' | 'bank';
  asset: 'USDT' | 'EUR';
  networks: string[];
  minimum: string;
  fee: string;
  available: string;
}

/** POST /wallet/get_info */
export interface WithdrawInfoReply {
  methods: WithdrawMethodInfo[];
  bank: BankBinding | null;
}

export interface WithdrawalRecord {
  id: number;
  orderNo: string;
  method: 'crypto' | 'bank';
  asset: 'USDT' | 'EUR';
  network: string | null;
  destination: string;
  amount: string;
  fee: string;
  /** amount - fee: what arrives. */
  net: string;
  status: 'processing' | 'completed' | 'cancelled';
  txReference: string | null;
  reason: string | null;
  createdAt: string;
  decidedAt: string | null;
}

/** POST /user/cash_info (null when nothing is bound) and the reply of /user/cash_save. */
export interface BankBinding {
  firstName: string;
  lastName: string;
  iban: string;
  swift: string;
  bankName: string;
  country: string;
  address: string;
  updatedAt: string;
}

/** POST /transfer/quote */
export interface QuoteReply {
  quoteId: string;
  from: 'USDT' | 'EUR';
  to: 'USDT' | 'EUR';
  amount: string;
  /** Units of `to` for one unit of `from`. */
  rate: string;
  feePercent: string;
  /** In `from`, taken before converting. */
  fee: string;
  receive: string;
  expiresAt: string;
}

/** POST /transfer */
export interface ConversionRecord {
  id: number;
  from: 'USDT' | 'EUR';
  to: 'USDT' | 'EUR';
  amount: string;
  fee: string;
  receive: string;
  rate: string;
  createdAt: string;
}

/** GET /wallet/legal_log: one posting on one of the user's accounts. */
export interface LedgerEntry {
  id: number;
  asset: 'USDT' | 'EUR';
  /** Signed: "+100.000000" credited, "-30.000000" debited. */
  amount: string;
  account: 'available' | 'held' | 'interest' | 'trading' | 'pledged' | 'collateral';
  kind: string;
  reference: string;
  reason: string | null;
  createdAt: string;
}

/** One of the user's own accounts: what they can spend, or where their money is set aside. */
export type UserAccount = LedgerEntry['account'];

/**
 * GET /wallet/movements: one movement of the user's money — the postings the ledger made together
 * for one business row (src/domain/movements.ts says what it was).
 */
export interface Movement {
  /** Its last posting's id: the list is newest first by it. */
  id: number;
  /** The business row: "conversion:2", "deposit:42", "trade_order:7". */
  reference: string;
  reason: string | null;
  createdAt: string;
  legs: MovementLeg[];
}

export interface MovementLeg {
  kind: string;
  asset: 'USDT' | 'EUR';
  /** Unsigned decimal string. */
  amount: string;
  /** The user's account it left, or null when it came from outside the user's accounts. */
  from: UserAccount | null;
  /** The user's account it reached, or null when it left the user's accounts. */
  to: UserAccount | null;
}

export interface AssetTotals {
  USDT: string;
  EUR: string;
}

/** GET /user/calc */
export interface CalcReply {
  recharged: AssetTotals;
  withdrawn: AssetTotals;
  earned: AssetTotals;
  available: AssetTotals;
  held: AssetTotals;
}

export interface VipLevel {
  level: number;
  upgradeAmount: string;
  /** Percent, e.g. "1.5". */
  giftPercent: string;
  dailyOrders: number;
}

/** GET /user/user_level */
export interface UserLevelReply {
  level: number;
  confirmedDeposits: string;
  next: VipLevel | null;
  levels: VipLevel[];
}

// ---- the trading hall (src/domain/trading.ts, docs/trading.md) ---------------------------------

export interface MerchantApplication {
  id: number;
  status: 'pending' | 'approved' | 'rejected';
  reason: string | null;
  createdAt: string;
  decidedAt: string | null;
}

export interface TradeOffer {
  id: number;
  /** The merchant's side: 'sell' offers USDT for EUR, 'buy' asks for USDT paying EUR. */
  side: 'buy' | 'sell';
  price: string;
  quantity: string;
  remaining: string;
  pending: string;
  minAmount: string;
  maxAmount: string;
  status: 'open' | 'filled' | 'withdrawn';
  mine: boolean;
  merchant: { name: string; completed: number; completionRate: string | null };
  createdAt: string;
}

export interface TradeOrder {
  id: number;
  orderNo: string;
  /** The viewer's side: 'buy' buys USDT with EUR, 'sell' sells USDT for EUR. */
  side: 'buy' | 'sell';
  /** taker: the viewer placed the order; maker: it was matched with the viewer's offer. */
  role: 'taker' | 'maker';
  amount: string;
  limitPrice: string;
  price: string | null;
  total: string | null;
  fee: string | null;
  feeAsset: 'USDT' | 'EUR';
  receive: string;
  receiveAsset: 'USDT' | 'EUR';
  hold: string;
  holdAsset: 'USDT' | 'EUR';
  status: 'matching' | 'matched' | 'completed' | 'cancelled' | 'expired';
  merchant: string | null;
  offerRemaining: string | null;
  createdAt: string;
  expiresAt: string;
  matchedAt: string | null;
  confirmBy: string | null;
  endedAt: string | null;
}

export interface TradeSummary {
  merchant: boolean;
  application: MerchantApplication | null;
  payPasswordSet: boolean;
  ordersToday: number;
  dailyOrders: number;
  cancelsToday: number;
  cancelLimit: number;
  blockedUntil: string | null;
  pending: number;
  feePercent: string;
  referencePrice: string;
  bestSellPrice: string | null;
  bestBuyPrice: string | null;
}

/** A candle of market data (GET /currency/new_timeshar, the socket's kline events). */
/** A symbol's last price and its figures over the last 24 hours (the `daymarket` event, and the heart of a quotation). */
export interface DayMarket {
  symbol: string;
  /** Decimal text; null before the first tick. */
  price: string | null;
  high24h: string | null;
  low24h: string | null;
  /** Decimal text in the base asset; "0" without trades in the last 24 hours. */
  volume24h: string;
  /** Percent with two decimals ("-1.25") since 24 hours ago; null without a price then. */
  change24h: string | null;
  /** Epoch seconds of the last tick; null before the first. */
  time: number | null;
  simulated: boolean;
}

/** GET /currency/quotation_new: one quoted symbol. */
export interface Quotation extends DayMarket {
  /** The base asset, e.g. "BTC". */
  name: string;
  /** The asset it is priced in (the "legal currency" of the coin screen), e.g. "USDT". */
  legal: string;
  /** 1: a coin quoted in the market list (the only category the app shows). */
  category: number;
  /** Absolute URL of the coin's logo, on this site's origin. */
  logo: string;
}

export interface Candle {
  symbol: string;
  period: '1min' | '5min' | '15min' | '30min' | '60min' | '4hour' | '1day' | '1week' | '1mon';
  /** Epoch seconds of the candle's start (UTC). */
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
  simulated: boolean;
}

/** POST /news/list: one published piece of news in the reader's language (or English, `fallback`). */
export interface NewsItem {
  id: number;
  categoryId: number;
  title: string;
  /** The start of the text, at most 160 characters, on one line. */
  summary: string;
  /** ISO time of publication. */
  publishedAt: string;
  /** The language shown: the reader's, or English when the piece has none in theirs. */
  locale: string;
  /** True when the reader's language was missing and English is shown instead. */
  fallback: boolean;
}

/** POST /news/detail */
export interface NewsDetail extends NewsItem {
  body: string;
}

/** The operators' view of a piece of news. */
export interface OpsNews {
  id: number;
  categoryId: number;
  status: 'draft' | 'published' | 'withdrawn';
  createdAt: string;
  publishedAt: string | null;
  /** Every language it is written in, with that version's title. */
  translations: Array<{ locale: string; title: string }>;
}
