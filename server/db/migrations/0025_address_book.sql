-- The withdrawal address book (docs/security.md, "Address book"): the crypto addresses and bank
-- accounts a user saved under a label, each usable for a withdrawal only from `usable_at` (24
-- hours after it was added), and the "only to my address book" lock on the user: on since
-- `address_book_locked_at`, and, once turning it off was asked, off from `address_book_unlock_at`.
CREATE TABLE address_book (
  id               bigserial PRIMARY KEY,
  user_id          uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  label            text NOT NULL CHECK (char_length(label) BETWEEN 1 AND 40),
  kind             text NOT NULL CHECK (kind IN ('crypto', 'bank')),
  -- crypto: the network and the address, checked for it as a withdrawal checks it.
  network          text CHECK (network IN ('TRC20', 'ERC20')),
  address          text CHECK (char_length(address) BETWEEN 1 AND 100),
  -- bank: the holder, the IBAN (mod 97) and the BIC, compact and upper case.
  holder           text CHECK (char_length(holder) BETWEEN 1 AND 100),
  iban             text CHECK (iban ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'),
  bic              text CHECK (bic ~ '^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$'),
  -- One entry per destination in a book: the network and address (an Ethereum address in lower
  -- case, whatever case it was typed in), or the IBAN.
  destination_key  text NOT NULL,
  created_at       timestamptz NOT NULL,
  usable_at        timestamptz NOT NULL,
  CHECK (
    (kind = 'crypto' AND network IS NOT NULL AND address IS NOT NULL AND holder IS NULL AND iban IS NULL AND bic IS NULL)
    OR (kind = 'bank' AND network IS NULL AND address IS NULL AND holder IS NOT NULL AND iban IS NOT NULL AND bic IS NOT NULL)
  ),
  UNIQUE (user_id, destination_key)
);
CREATE INDEX address_book_user ON address_book (user_id, id);

ALTER TABLE users ADD COLUMN address_book_locked_at timestamptz;
ALTER TABLE users ADD COLUMN address_book_unlock_at timestamptz;
