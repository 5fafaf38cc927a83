/** `npm run ops -- help`. */
import { DEPOSIT_STATUSES, WITHDRAWAL_STATUSES } from '../../src/domain/ledger';
import { NEWS_STATUSES } from '../../src/domain/news';
import { LOAN_STATUSES } from '../../src/domain/loan';
import { MERCHANT_APPLICATION_STATUSES } from '../../src/domain/trading';
import { ASSET_CODES } from '../../src/domain/money';
import { DEMO_OPERATOR } from '../../server/modules/ops';
import { USER_PARTS } from './users';

const statuses = (list: readonly string[]) => [...list, 'all'].join('|');

export const HELP = `Tessera operator console — talks to the running server (start it with npm start).

  npm run ops -- <command> [options]

Sign-in
  login --user NAME [--password PW] [--totp CODE] [--secret BASE32]
        Signs in and keeps the session (8 h) in DATA_DIR/ops-session.json.
        Password: --password, else OPS_PASSWORD, else asked for.
        Code: --totp, else computed from --secret or OPS_TOTP_SECRET, else (for the demo
        operator "${DEMO_OPERATOR.username}" only) from the published demo secret.
  logout
  totp [--secret BASE32]      The current code of a secret (default: OPS_TOTP_SECRET, else the demo secret).

Queues
  queues                                           How many wait in each queue, and since when the oldest.

Deposits and withdrawals (lists oldest first; --status all for every state)
  deposits [--status ${statuses(DEPOSIT_STATUSES)}] [--page N] [--page-size N]
  deposit approve ID [--amount X --reason TEXT]    A different amount needs a reason.
  deposit reject ID --reason TEXT
  deposit proof ID [--out FILE]                    Saves the payment proof image.
  withdrawals [--status ${statuses(WITHDRAWAL_STATUSES)}] [--page N] [--page-size N]
  withdrawal approve ID --reference TX_REFERENCE
  withdrawal reject ID --reason TEXT

Merchant accounts (trading in the hall needs one)
  merchants [--status ${statuses(MERCHANT_APPLICATION_STATUSES)}] [--page N] [--page-size N]
  merchant approve ID
  merchant reject ID --reason TEXT                  The user reads the reason.

Loans (lists oldest first; --status all for every state)
  loans [--status ${statuses(LOAN_STATUSES)}] [--page N] [--page-size N]
  loan approve ID                                  Pays it out (a principal loan also holds its collateral).
  loan reject ID [--reason TEXT]                   The user reads the reason, or that none was given.
  loan repaid ID                                   Confirms a repayment under review.
  loan refuse ID --reason TEXT                     Returns the repayment's hold; the user reads why.
  loan document ID front|back [--out FILE]         Saves an identity image.
  loan watch                                       The LTV watch: each open loan across assets with its LTV and
                                                   margin calls sent, the liquidations made, the shortfalls.

Pledge (terms apply to orders started afterwards)
  pledge products
  pledge product [--id N] --asset USDT --min X --daily-rate PERCENT --days N --penalty PERCENT [--active no]
  pledge run                                       Pays every due day now and matures ended orders.

Proof of liabilities (docs/liabilities.md; a snapshot is also taken every day at 00:00 UTC)
  liabilities                                      Every snapshot; an unpublished one says what did not agree.
  liabilities snapshot                             Takes one now: signed and published, or kept with why not.
  liabilities leaves ID [--out FILE]               Saves a published snapshot's leaves (hashes and sums) as the
                                                   documented file: npm run liabilities:verify FILE checks it.
  liabilities reserves EUR|USDT AMOUNT --evidence TEXT
                                                   Declares the reserves held, with their evidence (a wallet
                                                   address, a bank statement reference): shown as declared.

News (the home's announcements; every published piece needs its English version)
  news [--status ${statuses(NEWS_STATUSES)}] [--page N] [--page-size N]
  news write --title TEXT (--body TEXT | --body-file FILE) [--locale en] [--category 4]
                                                   A draft; readers see it once published.
  news translate ID --locale de --title TEXT (--body TEXT | --body-file FILE)
  news publish ID
  news withdraw ID

Corrections (a ledger transfer; there is no way to set a balance)
  adjust USER_ID ${ASSET_CODES.join('|')} ±AMOUNT --reason TEXT [--key K]
                                                   e.g. adjust 6f1c… USDT -12.5 --reason "double credit"
                                                   Prints its idempotency key; the same --key posts once.
                                                   Above the four-eyes threshold of its asset (settings
                                                   adjustment_four_eyes_usdt / _eur) it is only proposed:
                                                   another finance operator approves it, never its maker.
  proposals [--status pending|approved|refused|all] [--page N] [--page-size N]
  proposal approve ID                              Posts it now (a debit the balance no longer covers is refused).
  proposal refuse ID --reason TEXT                 Nothing is posted; the maker may withdraw their own so.

Settings (changes need the admin role)
  settings
  set KEY VALUE --reason TEXT
  vip
  vip set LEVEL --upgrade USDT --gift PERCENT --orders N --reason TEXT
  coins
  coin set CODE [--address A] [--erc A] [--holder H --iban I --bic B --bank-name N] --reason TEXT

First admin (no operator exists yet; talks to the database of DATABASE_URL or DATA_DIR directly)
  bootstrap-admin NAME        Creates the admin, prints its generated password and TOTP secret once.
                              Refused once an admin exists. On the embedded database, stop the server first.

Backups (docs/operations.md)
  backup --out FILE           A consistent copy while the server runs. PostgreSQL (DATABASE_URL): pg_dump's custom
                              format, from the database itself. The embedded database: the server copies its data
                              folder between two transactions (admin; sign in first), a gzip tar.
  restore FILE [--into URL | --data-dir DIR] [--secrets new]
                              A PostgreSQL backup into an empty database (--into URL, else DATABASE_URL); an embedded
                              one into a fresh DATA_DIR (--data-dir DIR, else DATA_DIR; the server stopped), which
                              needs the installation's secret.json copied there first (or CODE_PEPPER and
                              SECRETS_KEY set; --secrets new goes without, and every payment password and
                              authenticator has to be set again). The ledger is checked at once, the rows whose
                              uploaded file is missing are named, and the server refuses to start on a ledger
                              that does not verify (ALLOW_UNVERIFIED_RESTORE).

Users (support)
  users search TEXT [--page N] [--page-size N]     By id, username, e-mail or phone (+49 176…, 0049…, 0176…).
  user ID                                          Profile, VIP, merchant state, locks, balances of every account.
  user ID ${USER_PARTS.join('|')}
       [--page N] [--page-size N]                  One of the user's lists, newest first.
  user end-sessions ID [--id SESSION] --reason TEXT
                                                   Ends one session (--id) or all: the user must log in again.
  user lift-lockout ID --reason TEXT               Lifts the lock of wrong passwords (login and payment).
  user reset-second-factor ID --reason TEXT        Removes the user's authenticator and recovery codes (admin; a
                                                   security change: every session ends, withdrawals pause 24 h).

Ledger
  totals                                           What users and the platform's accounts hold, today's business,
                                                   fees per day.
  ledger verify                                    Runs npm run ledger:verify's checks now (admin; audited).
  ledger last                                      The last verification run, and by whom.

Audit and operators
  audit [--page N] [--page-size N] [--user USER_ID] [--action ACTION]
  operator create NAME --role support|finance|admin [--password PW]
  operator disable NAME --reason TEXT

Options everywhere: --url URL (default: the session's, else http://127.0.0.1:$PORT or 8080), --help.
`;
