/**
 * USDT addresses with their checksums (src/domain/crypto-addresses.ts): a mistyped character is
 * caught before a withdrawal or an address-book entry sends money to an address nobody holds.
 */
import { describe, expect, it } from 'vitest';
import { isEthereumAddress, isTronAddress } from '../../../src/domain/crypto-addresses';
import { addressProblem } from '../../../src/domain/payments';

/** One character of `text` at `index` swapped for another of the same alphabet. */
const swapped = (text: string, index: number, alphabet: string) => {
  const next = alphabet[(alphabet.indexOf(text[index]) + 1) % alphabet.length];
  return text.slice(0, index) + next + text.slice(index + 1);
};
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

describe('TRON (TRC20): Base58Check', () => {
  // The USDT contract on TRON and another address in use: real, checksummed.
  const real = ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7'];

  it('accepts real addresses', () => {
    for (const address of real) expect(isTronAddress(address), address).toBe(true);
  });

  it('refuses any one character changed, which the format alone lets through', () => {
    for (const address of real) {
      for (let i = 1; i < address.length; i++) {
        const typo = swapped(address, i, BASE58);
        expect(/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(typo)).toBe(true);
        expect(isTronAddress(typo), typo).toBe(false);
      }
    }
  });

  it('refuses what is not 25 bytes of a TRON address', () => {
    expect(isTronAddress(`T${'1'.repeat(33)}`)).toBe(false);
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6')).toBe(false);
    expect(isTronAddress('1R7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(false);
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj0t')).toBe(false);
  });
});

describe('Ethereum (ERC20): EIP-55', () => {
  // The examples of EIP-55 itself.
  const mixed = ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB', '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb'];

  it('accepts checksummed addresses, and all lower or all upper case (no checksum)', () => {
    for (const address of mixed) {
      expect(isEthereumAddress(address), address).toBe(true);
      expect(isEthereumAddress(address.toLowerCase())).toBe(true);
      expect(isEthereumAddress(`0x${address.slice(2).toUpperCase()}`)).toBe(true);
    }
  });

  it('refuses a mixed-case address whose case does not match its checksum', () => {
    for (const address of mixed) {
      const letter = [...address].findIndex((char, i) => i > 1 && /[a-f]/.test(char));
      const flipped = address.slice(0, letter) + address[letter].toUpperCase() + address.slice(letter + 1);
      expect(isEthereumAddress(flipped), flipped).toBe(false);
    }
  });

  it('refuses what is not 0x and 40 hex digits', () => {
    expect(isEthereumAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe')).toBe(false);
    expect(isEthereumAddress('5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed00')).toBe(false);
    expect(isEthereumAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg')).toBe(false);
  });
});

describe('addressProblem (withdrawals, the address book, deposit addresses)', () => {
  it('says which problem: none typed, or not an address of the network', () => {
    expect(addressProblem('', 'TRC20')).toBe('address.required');
    expect(addressProblem('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'TRC20')).toBeNull();
    expect(addressProblem('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u', 'TRC20')).toBe('address.invalid');
    expect(addressProblem('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'ERC20')).toBe('address.invalid');
    expect(addressProblem('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'ERC20')).toBeNull();
    expect(addressProblem('0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'ERC20')).toBe('address.invalid');
  });
});
