-- Operators' authenticator secrets are sealed as users' are (0022, docs/security.md): AES-256-GCM
-- under SECRETS_KEY with "operator:<id>" as associated data, so that a copy of the database alone
-- gives nobody an operator's codes. SQL has no key: the server seals what an older version kept
-- in the clear at its next start, after the migrations, and empties the plain columns
-- (server/modules/ops/operator-secrets.ts). Nothing writes them any more.
ALTER TABLE operators ADD COLUMN totp_sealed bytea;
ALTER TABLE operators ADD COLUMN pending_totp_sealed bytea;
ALTER TABLE operators ALTER COLUMN totp_secret DROP NOT NULL;
