/**
 * The names of the replies the PWA reads (the `data` of the envelope). Each is the type of its zod
 * schema in wire-schemas.ts, the one place its fields are written; both imports are of types only,
 * so this module loads nothing at run time (no zod on a screen that only names a reply).
 */
import type { z } from 'zod';
import type * as wire from './wire-schemas';

export type LoginReply = z.output<typeof wire.loginReplySchema>;
/** A session a sign-in opened. */
export type SessionReply = z.output<typeof wire.sessionReplySchema>;
export type SendCodeReply = z.output<typeof wire.sendCodeReplySchema>;
export type UserInfo = z.output<typeof wire.userInfoSchema>;
/** GET /safe/security */
export type SecurityOverview = z.output<typeof wire.securityOverviewSchema>;
/** POST /safe/totp/begin: shown once. */
export type TotpSecret = z.output<typeof wire.totpSecretReplySchema>;
/** POST /safe/totp/confirm, /safe/recovery-codes: shown once. */
export type RecoveryCodesReply = z.output<typeof wire.recoveryCodesReplySchema>;
export type KfReply = z.output<typeof wire.kfReplySchema>;
export type RateItem = z.output<typeof wire.rateItemSchema>;
export type CoinEntry = z.output<typeof wire.coinEntrySchema>;
export type CoinListReply = z.output<typeof wire.coinListReplySchema>;
export type WalletListReply = z.output<typeof wire.walletListReplySchema>;

// ---- money (amounts are decimal strings with the asset's full precision) ---------------------

/** One page of a list: `pageSchemaOf(item)`. */
export type Page<T> = z.output<ReturnType<typeof wire.pageSchemaOf<z.ZodType<T>>>>;
/** POST /wallet/get_in_address */
export type DepositAddressReply = z.output<typeof wire.depositAddressReplySchema>;
export type DepositRecord = z.output<typeof wire.depositRecordSchema>;
export type WithdrawMethodInfo = z.output<typeof wire.withdrawMethodInfoSchema>;
/** POST /wallet/get_info */
export type WithdrawInfoReply = z.output<typeof wire.withdrawInfoReplySchema>;
export type WithdrawalRecord = z.output<typeof wire.withdrawalRecordSchema>;
/** POST /user/cash_info (null when nothing is bound) and the reply of /user/cash_save. */
export type BankBinding = z.output<typeof wire.bankBindingReplySchema>;
/** POST /transfer/quote */
export type QuoteReply = z.output<typeof wire.quoteReplySchema>;
/** POST /transfer */
export type ConversionRecord = z.output<typeof wire.conversionRecordSchema>;
/** GET /wallet/legal_log: one posting on one of the user's accounts. */
export type LedgerEntry = z.output<typeof wire.ledgerEntrySchema>;
/** One of the user's own accounts: what they can spend, or where their money is set aside. */
export type UserAccount = LedgerEntry['account'];
/**
 * GET /wallet/movements: one movement of the user's money — the postings the ledger made together
 * for one business row (src/domain/movements.ts says what it was).
 */
export type Movement = z.output<typeof wire.movementSchema>;
export type MovementLeg = z.output<typeof wire.movementLegSchema>;
export type AssetTotals = z.output<typeof wire.assetTotalsSchema>;
/** GET /user/calc */
export type CalcReply = z.output<typeof wire.calcReplySchema>;
export type VipLevel = z.output<typeof wire.vipLevelSchema>;
/** GET /user/user_level */
export type UserLevelReply = z.output<typeof wire.userLevelReplySchema>;

// ---- the trading hall (src/domain/trading.ts, docs/trading.md) ---------------------------------

export type MerchantApplication = z.output<typeof wire.merchantApplicationSchema>;
export type TradeOffer = z.output<typeof wire.tradeOfferSchema>;
export type TradeOrder = z.output<typeof wire.tradeOrderSchema>;
export type TradeSummary = z.output<typeof wire.tradeSummarySchema>;

// ---- market data and news ----------------------------------------------------------------------

/** A symbol's last price and its figures over the last 24 hours (the `daymarket` event, and the heart of a quotation). */
export type DayMarket = z.output<typeof wire.dayMarketSchema>;
/** GET /currency/quotation_new: one quoted symbol. */
export type Quotation = z.output<typeof wire.quotationSchema>;
/** A candle of market data (GET /currency/new_timeshar, the socket's kline events). */
export type Candle = z.output<typeof wire.candleSchema>;
/** POST /news/list: one published piece of news in the reader's language (or English, `fallback`). */
export type NewsItem = z.output<typeof wire.newsItemSchema>;
/** POST /news/detail */
export type NewsDetail = z.output<typeof wire.newsDetailSchema>;
/** The operators' view of a piece of news. */
export type OpsNews = z.output<typeof wire.opsNewsSchema>;
export type OpsNewsPiece = z.output<typeof wire.opsNewsPieceSchema>;
export type OpsNewsPublished = z.output<typeof wire.opsNewsPublishedSchema>;
/** POST /safe/passkeys/options: what navigator.credentials.create() is given. */
export type PasskeyCreationOptions = z.output<typeof wire.passkeyCreationOptionsSchema>;
/** POST /user/login/passkey/options: what navigator.credentials.get() is given. */
export type PasskeyRequestOptions = z.output<typeof wire.passkeyRequestOptionsSchema>;
/** GET /safe/passkeys: one of the account's passkeys. */
export type Passkey = z.output<typeof wire.passkeySchema>;
/** One entry of the withdrawal address book. */
export type AddressEntry = z.output<typeof wire.addressEntrySchema>;
/** The address book's lock ("only to my address book"). */
export type AddressLock = z.output<typeof wire.addressLockSchema>;
/** GET /wallet/address-book */
export type AddressBook = z.output<typeof wire.addressBookSchema>;
/** GET /liabilities: the published roots, the key, the declared reserves. */
export type LiabilitiesReply = z.output<typeof wire.liabilitiesReplySchema>;
/** GET /liabilities/mine */
export type MyLiabilityProof = z.output<typeof wire.myLiabilityProofSchema>;
