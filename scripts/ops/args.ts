/**
 * The command line, read by node:util parseArgs. Its tokens are read rather than its values for
 * one reason: a signed amount ("adjust … USDT -12.5") is a positional argument here, where
 * parseArgs sees short options -1, -2, -., -5. Everything else is parseArgs' own reading.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';

/** Every option of every command but --help; all take a value. */
const VALUE_OPTIONS = [
  'url', 'user', 'username', 'password', 'totp', 'secret', 'status', 'page', 'page-size', 'amount', 'reason', 'out', 'reference',
  'key', 'upgrade', 'gift', 'orders', 'address', 'erc', 'holder', 'iban', 'bic', 'bank-name', 'role', 'action',
  'title', 'body', 'body-file', 'locale', 'category', 'id', 'asset', 'min', 'daily-rate', 'days', 'penalty', 'active', 'evidence', 'into', 'data-dir', 'secrets',
] as const;

export type OptionName = (typeof VALUE_OPTIONS)[number];

const OPTIONS: ParseArgsConfig['options'] = {
  ...Object.fromEntries(VALUE_OPTIONS.map((name) => [name, { type: 'string' } as const])),
  help: { type: 'boolean', short: 'h' },
};

export interface Args {
  /** The command and its operands: `deposit approve 12` → ["deposit", "approve", "12"]. */
  positional: string[];
  options: Partial<Record<OptionName, string>>;
  help: boolean;
}

/** A mistake on the command line: printed as "error: …", exit code 1. */
export class UsageError extends Error {}

const SIGNED_NUMBER = /^-\d+(?:\.\d+)?$/;

const isOptionName = (name: string): name is OptionName => (VALUE_OPTIONS as readonly string[]).includes(name);

export function readArgs(argv: string[]): Args {
  const { tokens } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: false, tokens: true });
  const args: Args = { positional: [], options: {}, help: false };
  const negativeAt = new Set<number>();
  for (const token of tokens) {
    if (token.kind === 'positional') {
      args.positional.push(token.value);
    } else if (token.kind === 'option') {
      if (SIGNED_NUMBER.test(argv[token.index])) {
        // "-12.5" arrives as the short options -1, -2, -., -5 of one argument: one number.
        if (!negativeAt.has(token.index)) args.positional.push(argv[token.index]);
        negativeAt.add(token.index);
      } else if (token.name === 'help') {
        args.help = true;
      } else if (!isOptionName(token.name)) {
        throw new UsageError(`unknown option ${token.rawName} (see npm run ops -- help)`);
      } else if (token.value === undefined || (!token.inlineValue && token.value.startsWith('--'))) {
        // parseArgs would take the next option ("--reason --key k") as the value.
        throw new UsageError(`${token.rawName} needs a value`);
      } else {
        args.options[token.name] = token.value;
      }
    }
  }
  return args;
}

export function option(args: Args, name: OptionName): string | undefined {
  return args.options[name];
}

export function requiredOption(args: Args, name: OptionName, what: string): string {
  const value = option(args, name);
  if (!value) throw new UsageError(`${what}: give --${name}`);
  return value;
}

export function operand(args: Args, index: number, what: string): string {
  const value = args.positional[index];
  if (value === undefined) throw new UsageError(`missing ${what} (see npm run ops -- help)`);
  return value;
}

export function recordId(text: string): number {
  if (!/^\d+$/.test(text)) throw new UsageError(`not a record id: ${text}`);
  return Number(text);
}

/** `--status` of a list: one of the record's statuses, or "all" (no filter). */
export function statusOption<S extends string>(args: Args, statuses: readonly S[], fallback: S): S | undefined {
  const status = option(args, 'status') ?? fallback;
  if (status === 'all') return undefined;
  if (!(statuses as readonly string[]).includes(status)) throw new UsageError(`--status ${status}? ${[...statuses, 'all'].join(', ')}`);
  return status as S;
}
