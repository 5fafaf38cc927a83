/** How IBANs are shown: in groups of four, as printed on cards and statements. */
export function compactIban(text: string): string {
  return text.replace(/\s+/g, '').toUpperCase();
}

/** "DE89370400440532013000" → "DE89 3704 0044 0532 0130 00". */
export function groupIban(text: string): string {
  return compactIban(text).replace(/(.{4})(?=.)/g, '$1 ');
}

/** "DE89 •••• 3000": a bank account recognisable without showing it whole. */
export function maskedIban(iban: string): string {
  const compact = compactIban(iban);
  return compact.length > 8 ? `${compact.slice(0, 4)} •••• ${compact.slice(-4)}` : compact;
}
