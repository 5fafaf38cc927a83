/**
 * Typed query values for routes' validateSearch. Plain functions rather than zod: route
 * definitions load with the first screen, and a schema library there would cost every visitor
 * its bytes for three optional strings (docs/architecture.md, "Routes").
 */
import { redirect } from '@tanstack/react-router';
import type { AppPath } from '../ui/navigation';

/** A query value as text: the router reads an all-digit value ("?invite=123456") as a number. */
export function textParam(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** validateSearch for routes whose query holds only optional texts: anything else is dropped. */
export function textSearch<const K extends string>(...names: K[]) {
  return (search: Record<string, unknown>): { [name in K]?: string } =>
    Object.fromEntries(names.map((name) => [name, textParam(search[name])]).filter(([, value]) => value !== undefined));
}

/** validateSearch for a route whose query picks one of `choices` (`?side=sell`): anything else is dropped. */
export function choiceSearch<const K extends string, const C extends string>(name: K, choices: readonly C[]) {
  return (search: Record<string, unknown>): { [key in K]?: C } => {
    const text = textParam(search[name]);
    return choices.find((choice) => choice === text) === undefined ? {} : ({ [name]: text } as { [key in K]?: C });
  };
}

/** validateSearch for a route that shows one record: `?id=42` as the number 42, anything else dropped. */
export function idSearch(search: Record<string, unknown>): { id?: number } {
  const text = textParam(search.id);
  const id = text !== undefined && /^\d{1,15}$/.test(text) ? Number(text) : NaN;
  return id > 0 ? { id } : {};
}

/**
 * beforeLoad for a route that shows one record by `?id=` (with idSearch): opened without a valid
 * id (a cut or stale link) it goes, in place, to the list where the user picks one.
 */
export function listWithoutId(list: AppPath) {
  // The search a route's beforeLoad sees keeps the raw values beside the validated ones ("abc").
  return ({ search }: { search: { id?: unknown } }) => {
    if (!(typeof search.id === 'number' && Number.isSafeInteger(search.id) && search.id > 0)) throw redirect({ to: list, replace: true });
  };
}
