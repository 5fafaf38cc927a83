/** How IBANs are shown: in groups of four, as printed on cards and statements. */
export function compactIban(text: string): string {
  return text.replace(/\s+/g, '').toUpperCase();
}

/** "DE89370400440532013000" → "DE89 3704 0044 0532 0130 00". */
export function groupIban(text: string): string {
  return compactIban(text).replace(/(.{4})(?=.)/g, '$1 ');
}
