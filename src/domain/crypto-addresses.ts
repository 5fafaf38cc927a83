/**
 * Whether a USDT address is one its network would accept, checksum included, so that a mistyped
 * character is caught before money goes to an address nobody holds:
 * - TRC20 (TRON): Base58Check — 25 bytes once decoded, the first 0x41, the last four the first
 *   four of SHA-256(SHA-256(the 21 before them)).
 * - ERC20 (Ethereum): 0x and 40 hex digits; written in mixed case, the case of each letter is the
 *   EIP-55 checksum (Keccak-256 of the lower-case hex) and must match. All lower or all upper case
 *   carries no checksum and is accepted, as wallets accept it.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const TRON_PREFIX = 0x41;

/** The bytes of a Base58 text (leading '1's are leading zero bytes), or null for a character outside the alphabet. */
function base58Bytes(text: string): Uint8Array | null {
  let value = 0n;
  for (const char of text) {
    const digit = BASE58.indexOf(char);
    if (digit < 0) return null;
    value = value * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  for (; value > 0n; value >>= 8n) bytes.unshift(Number(value & 0xffn));
  for (const char of text) {
    if (char !== '1') break;
    bytes.unshift(0);
  }
  return Uint8Array.from(bytes);
}

export function isTronAddress(address: string): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return false;
  const bytes = base58Bytes(address);
  if (!bytes || bytes.length !== 25 || bytes[0] !== TRON_PREFIX) return false;
  const check = sha256(sha256(bytes.subarray(0, 21)));
  return check.subarray(0, 4).every((byte, i) => byte === bytes[21 + i]);
}

export function isEthereumAddress(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const hex = address.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  const hash = keccak_256(new TextEncoder().encode(hex.toLowerCase()));
  for (let i = 0; i < 40; i++) {
    const char = hex[i];
    if (!/[a-fA-F]/.test(char)) continue;
    // The i-th hex digit of the hash: 8 or more means upper case.
    const nibble = (hash[i >> 1] >> (i % 2 === 0 ? 4 : 0)) & 0x0f;
    if ((nibble >= 8) !== (char === char.toUpperCase())) return false;
  }
  return true;
}
