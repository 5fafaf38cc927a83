/**
 * Reads one value of the auth pages' query (?redirect=, ?account=, ?invite=) as text. The
 * router parses query values as JSON, so an all-digit invite code arrives as a number.
 */
export function searchText(search: unknown, name: string): string | undefined {
  const value = (search as Record<string, unknown> | null | undefined)?.[name];
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return undefined;
}
