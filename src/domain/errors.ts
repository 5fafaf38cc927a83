/**
 * Every message the server can send and every validation text the forms show, by key.
 * The texts live in src/locales/<locale>/errors.ts, one complete table per language:
 * the type below makes a missing key a compile error, and a unit test checks it again.
 */
export const ERROR_KEYS = [
  // the request itself
  'request.invalid',
  'request.unknownField',
  'request.tooLarge',
  'request.badCharacters',
  'request.rateLimited',
  'request.notFound',
  'request.forbidden',
  'request.failed',
  'request.timeout',
  'request.cancelled',
  'network.error',
  'server.error',
  'server.busy',
  'session.required',
  'session.gone',
  'lang.unsupported',
  // accounts and sign-up
  'phone.required',
  'phone.invalid',
  'email.required',
  'email.invalid',
  'password.required',
  'password.tooShort',
  'password.tooLong',
  'password.digitsOnly',
  'password.sequential',
  'password.repeated',
  'password.common',
  'password.mismatch',
  'password.sameAsOld',
  'password.wrongOld',
  'username.required',
  'username.invalid',
  'username.length',
  'username.taken',
  'account.required',
  'account.exists',
  'account.notFound',
  'invite.invalid',
  'agreement.required',
  'register.failed',
  'login.failed',
  'login.locked',
  'reset.failed',
  // verification codes
  'code.required',
  'code.format',
  'code.wrong',
  'code.expired',
  'code.tooManyTries',
  'code.resendWait',
  'code.sendFailed',
  // payment password
  'payPassword.length',
  'payPassword.notSet',
  'payPassword.wrong',
  'payPassword.locked',
  'payPassword.setFailed',
  // second factor and security changes
  'secondFactor.required',
  'secondFactor.format',
  'secondFactor.wrong',
  'secondFactor.locked',
  'totp.notSet',
  'totp.alreadySet',
  'totp.setupMissing',
  'loginTicket.gone',
  'withdraw.paused',
  // the withdrawal address book
  'addressBook.notFound',
  'addressBook.full',
  'addressBook.exists',
  'addressBook.coolingOff',
  'addressBook.locked',
  'addressBook.labelInvalid',
  'addressBook.holderRequired',
  'antiPhishing.invalid',
  // profile
  'nickname.invalid',
  'upload.required',
  'upload.wrongType',
  'upload.tooLarge',
  'upload.tooManyPixels',
  'upload.incomplete',
  'upload.storageFull',
  'upload.failed',
  // money: amounts, balances, idempotency
  'amount.required',
  'amount.invalid',
  'amount.tooSmall',
  'amount.tooLarge',
  'balance.insufficient',
  'idempotency.keyRequired',
  'idempotency.keyInvalid',
  'idempotency.keyReused',
  'idempotency.inProgress',
  'record.notFound',
  'offline.refused',
  'copy.failed',
  // deposits
  'coin.invalid',
  'coin.networkInvalid',
  'deposit.proofRequired',
  'deposit.failed',
  // withdrawals
  'address.required',
  'address.invalid',
  'withdraw.belowMinimum',
  'withdraw.notAboveFee',
  'withdraw.failed',
  // bank binding
  'bank.required',
  'bank.firstNameRequired',
  'bank.lastNameRequired',
  'bank.ibanInvalid',
  'bank.swiftInvalid',
  'bank.nameRequired',
  'bank.countryRequired',
  'bank.addressRequired',
  'bank.bindFailed',
  // conversion (transfer)
  'transfer.sameAsset',
  'transfer.quoteExpired',
  'transfer.rateChanged',
  'transfer.failed',
  // operators
  'ops.loginFailed',
  'ops.csrf',
  'ops.totpRequired',
  'ops.totpWrong',
  'ops.roleForbidden',
  'ops.lastAdmin',
  'ops.alreadyDecided',
  'ops.ownProposal',
  'ops.reasonRequired',
  'ops.referenceRequired',
  'ops.settingInvalid',
  'ops.backupOnPostgres',
  // trading hall
  'trade.priceInvalid',
  'trade.merchantRequired',
  'trade.amountTooSmall',
  'trade.limitsInvalid',
  'trade.minAboveQuantity',
  'trade.maxBelowMin',
  'trade.dailyLimit',
  'trade.cancelBlocked',
  'trade.offerGone',
  'trade.offerBusy',
  'trade.infoIncomplete',
  'trade.orderEnded',
  'trade.confirmExpired',
  'merchant.alreadyMerchant',
  'merchant.applicationPending',
  // news
  'news.notFound',
  'news.textRequired',
  'news.textTooLong',
  'news.englishRequired',
  'news.notPublished',
  // push
  'push.endpointInvalid',
  'push.keyInvalid',
  // passkeys
  'passkey.invalid',
  'passkey.challengeGone',
  'passkey.notFound',
  'passkey.exists',
  'passkey.tooMany',
  'passkey.nameInvalid',
  // passkeys: what the browser said (never sent by the server)
  'passkey.cancelled',
  'passkey.unsupported',
  'passkey.onThisDevice',
  'passkey.deviceUnfit',
  'passkey.wrongAddress',
  'passkey.failed',
  // pledge
  'pledge.productNotFound',
  'pledge.belowMinimum',
  'pledge.orderOpen',
  'pledge.notActive',
  'pledge.interestInsufficient',
  'pledge.rateInvalid',
  'pledge.lockDaysInvalid',
  // loans
  'loan.configNotFound',
  'loan.notFound',
  'loan.openExists',
  'loan.amountOutOfRange',
  'loan.backRequired',
  'loan.documentRequired',
  'loan.documentInvalid',
  'loan.documentsPending',
  'loan.nameRequired',
  'loan.idTypeInvalid',
  'loan.idNumberRequired',
  'loan.disclaimerRequired',
  'loan.notRepayable',
  'loan.collateralShort',
  'loan.collateralRange',
  'loan.collateralNeeded',
  'loan.rateMoved',
  'loan.collateralNotAddable',
  'loan.collateralRequired',
  'loan.termsChanged',
  'loan.liquidated',
  'loan.partNotRepayable',
  'loan.partTooLarge',
  // proof of liabilities
  'liabilities.evidenceRequired',
  'liabilities.snapshotNotFound',
] as const;

export type ErrorKey = (typeof ERROR_KEYS)[number];
export type ErrorCatalogue = Record<ErrorKey, string>;
/** Values put into a message's {placeholders}. */
export type MessageParams = Record<string, string | number>;

export function isErrorKey(value: unknown): value is ErrorKey {
  return typeof value === 'string' && (ERROR_KEYS as readonly string[]).includes(value);
}

/** Fills {name} placeholders; an unknown placeholder is left as it is. */
export function formatMessage(template: string, params?: MessageParams): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** An error a user should read: a catalogue key, its placeholders and the HTTP status to send. */
export class AppError extends Error {
  constructor(
    readonly key: ErrorKey,
    readonly status = 400,
    readonly params?: MessageParams,
  ) {
    super(key);
    this.name = 'AppError';
  }
}
