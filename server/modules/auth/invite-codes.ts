/** Each user's own invitation code: 8 characters a person can read aloud without confusion. */
import crypto from 'node:crypto';

// No 0/O, 1/I/L: codes are copied by hand from screenshots.
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const LENGTH = 8;

export function newInviteCode(): string {
  let code = '';
  for (let i = 0; i < LENGTH; i++) code += ALPHABET[crypto.randomInt(ALPHABET.length)];
  return code;
}
