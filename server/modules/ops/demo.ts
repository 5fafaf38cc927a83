/**
 * The demo operator seeded at start, like the demo accounts: known credentials for trying the
 * operator side. A DEMO CREDENTIAL: its password and TOTP secret are published in this file and
 * printed at start, so anyone can sign in with it; a real installation disables it or changes
 * both (see README).
 */
export const DEMO_OPERATOR = {
  username: 'ops',
  role: 'admin',
  password: 'tessera-ops-demo',
  // Base32 (RFC 4648), 160 bits; `npm run ops -- totp` prints its current code.
  totpSecret: 'TESSERADEMOOPERATORTOTPSECRET234',
} as const;
