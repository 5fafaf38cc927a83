/**
 * The requests of one operation, as fast-check arbitraries: a valid request generated from the
 * documented schemas (with known-good values where random ones never pass, e.g. the payment
 * password), then the same request spoiled in one place — one field, the query, a header, the
 * body's encoding or the multipart form — so the fuzz reaches past validation into the handlers.
 */
import fc from 'fast-check';
import type { JsonSchema, Operation } from './operations';
import { boundaryArb, IMAGE_FILES, ODD_FILES, type MultipartBody, type Part } from './multipart';
import { PNG } from '../api/harness';
import {
  BROKEN_JSON,
  evilNumber,
  NUMERIC_TEXTS,
  OVERFLOW_TEXTS,
  deepArray,
  encodeQueryValue,
  evilHeader,
  evilString,
  evilValue,
  Live,
  RAW_QUERY_PIECES,
  RawJson,
  spoilText,
  WRONG_CONTENT_TYPES,
} from './values';

export type Auth = { kind: 'none' } | { kind: 'user' } | { kind: 'operator' } | { kind: 'raw'; value: string };

export type Body =
  /** JSON text of `value` (live values resolved when sent), with one defect added if `tweak` says so. */
  | { kind: 'json'; value: unknown; contentType?: string; tweak?: 'invalid-utf8' | 'duplicate-key' }
  | { kind: 'raw'; bytes: string | Uint8Array; contentType?: string }
  | MultipartBody;

export interface FuzzRequest {
  /** What was done to the valid request, for the report. */
  what: string;
  path: string;
  /** The raw query string, without "?". */
  query: string;
  auth: Auth;
  headers: Record<string, string>;
  body?: Body;
  /** Set when only a refusal is right (an image bomb): why. */
  mustRefuse?: string;
}

/** The header value replaced by a new Idempotency-Key when the request is sent. */
export const FRESH_KEY = '<fresh Idempotency-Key>';

export interface RequestContext {
  /** Known-good values of a field of an operation (the payment password, a real coin id…). */
  hint(operationId: string, field: string): fc.Arbitrary<unknown> | undefined;
  /** The text fields of a multipart operation (read by its handler, not in the document). */
  multipartFields(operationId: string): JsonSchema | undefined;
}

// ---- valid values from a schema ------------------------------------------------------------

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 24, Math.max(min, 24));
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter((text) => text.length >= min && text.length <= (schema.maxLength ?? Infinity));
  return fc.string({ minLength: min, maxLength: max });
}

function integerOf(schema: JsonSchema): fc.Arbitrary<number> {
  const min = schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : (schema.minimum ?? -1000);
  const max = schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : (schema.maximum ?? 1000);
  return fc.oneof(fc.integer({ min, max: Math.min(max, min + 50) }), fc.constantFrom(min, max));
}

export function validOf(schema: JsonSchema, context: RequestContext, operationId: string, field?: string): fc.Arbitrary<unknown> {
  const hinted = field === undefined ? undefined : context.hint(operationId, field);
  if (hinted) return hinted;
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants) return fc.oneof(...variants.map((variant) => validOf(variant, context, operationId)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of Object.entries(schema.properties ?? {})) model[name] = validOf(property, context, operationId, name);
      return fc.record(model, { requiredKeys: schema.required ?? [] });
    }
    case 'string':
      return stringOf(schema);
    case 'integer':
      return integerOf(schema);
    case 'number':
      return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(validOf(schema.items ?? {}, context, operationId), { maxLength: 3 });
    default:
      return fc.constant('x');
  }
}

// ---- one field spoiled -------------------------------------------------------------------------

type Path = string[];

/** Sets a key as an own property, so "__proto__" stays a key and not the prototype. */
function own(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function setAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const source = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(source)) own(copy, key, source[key]);
  own(copy, path[0], setAt(source[path[0]], path.slice(1), replacement));
  return copy;
}

function deleteAt(value: Record<string, unknown>, key: string): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const name of Object.keys(value)) if (name !== key) own(copy, name, value[name]);
  return copy;
}

/** Every field path of a valid body and of its schema (nested objects one level down). */
function fieldPaths(value: unknown, schema: JsonSchema): Path[] {
  const names = new Set<string>(Object.keys(schema.properties ?? {}));
  for (const variant of schema.oneOf ?? schema.anyOf ?? []) for (const name of Object.keys(variant.properties ?? {})) names.add(name);
  if (value && typeof value === 'object' && !Array.isArray(value)) for (const name of Object.keys(value)) names.add(name);
  const paths: Path[] = [];
  for (const name of names) {
    paths.push([name]);
    const inner = (value as Record<string, unknown> | undefined)?.[name];
    if (inner && typeof inner === 'object' && !Array.isArray(inner)) for (const sub of Object.keys(inner)) paths.push([name, sub]);
  }
  return paths;
}

const EXTRA_FIELD_NAMES = ['extra', '__proto__', 'constructor', 'prototype', 'lang', '', 'a\u0000b', '\ud800', 'x'.repeat(300), 'userId', 'balance', 'role'];

export function label(value: unknown): string {
  if (value instanceof RawJson) return value.label;
  if (value instanceof Live) return `<${value.name}>`;
  return preview(value);
}

/** A short, exact picture of a value: long runs are counted, control characters escaped. */
export function preview(value: unknown, max = 160): string {
  let text: string;
  try {
    text = typeof value === 'string' ? JSON.stringify(value) : (jsonText(value, true) ?? String(value));
  } catch {
    text = String(value);
  }
  // Runs of one character or of a short unit ("%C3%A9", "\\u0000") are counted, not repeated.
  text = text.replace(/(.{1,12}?)\1{7,}/gsu, (run, unit: string) => `${unit}…×${run.length / unit.length}`);
  return text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;
}

/** Numbers and numeric texts at the edges: past int4, past the 64-bit ledger column, exponents. */
export const numericEdge: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...OVERFLOW_TEXTS) },
  { weight: 2, arbitrary: fc.constantFrom(...NUMERIC_TEXTS) },
  { weight: 2, arbitrary: evilNumber },
);

const valueAt = (valid: unknown, path: Path) => path.reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], valid);
const looksNumeric = (value: unknown) => typeof value === 'number' || (typeof value === 'string' && /^[+-]?\d+(\.\d+)?$/.test(value));

/** A spoiled copy of a valid body: one field, an extra field, or the whole value. */
export function spoiledBody(valid: unknown, schema: JsonSchema): fc.Arbitrary<{ value: unknown; what: string }> {
  const paths = fieldPaths(valid, schema);
  type Spoiled = { value: unknown; what: string };
  const choices: Array<{ weight: number; arbitrary: fc.Arbitrary<Spoiled> }> = [
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...EXTRA_FIELD_NAMES), evilValue).map(([name, extra]) => ({ value: setAt(valid, [name], extra), what: `extra field ${preview(name)} = ${label(extra)}` })) },
    { weight: 1, arbitrary: evilValue.map((whole) => ({ value: whole, what: `body is ${label(whole)}` })) },
  ];
  if (paths.length > 0) {
    choices.push(
      { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...paths), evilValue).map(([path, bad]) => ({ value: setAt(valid, path, bad), what: `${path.join('.')} = ${label(bad)}` })) },
      {
        weight: 5,
        arbitrary: fc.constantFrom(...paths).chain((path) => {
          const current = valueAt(valid, path);
          // A live value (a fresh quote id) is spoiled in a stand-in of its shape.
          const text = typeof current === 'string' ? current : current instanceof Live ? '00000000-0000-4000-8000-000000000000' : current === undefined ? 'x' : String(jsonText(current));
          return spoilText(text).map((bad) => ({ value: setAt(valid, path, bad), what: `${path.join('.')} = ${preview(bad)}` }));
        }),
      },
      { weight: 1, arbitrary: fc.constantFrom(...paths).map((path) => ({ value: setAt(valid, path, deepArray(1_000)), what: `${path.join('.')} = 1000-deep array` })) },
    );
    // Amounts, ids and other numbers get the numbers no column holds, often: that is where handlers break.
    const numeric = paths.filter((path) => looksNumeric(valueAt(valid, path)));
    if (numeric.length > 0) {
      choices.push({ weight: 6, arbitrary: fc.tuple(fc.constantFrom(...numeric), numericEdge).map(([path, bad]) => ({ value: setAt(valid, path, bad), what: `${path.join('.')} = ${label(bad)}` })) });
    }
    const present = paths.filter((path) => path.length === 1 && valid && typeof valid === 'object' && path[0] in valid);
    if (present.length > 0) {
      choices.push({ weight: 1, arbitrary: fc.constantFrom(...present).map((path) => ({ value: deleteAt(valid as Record<string, unknown>, path[0]), what: `without ${path[0]}` })) });
    }
  }
  return fc.oneof(...choices);
}

// ---- JSON text ---------------------------------------------------------------------------------

/** JSON text of a value with raw literals; undefined for undefined. Live values must be resolved first. */
export function jsonText(value: unknown, showLive = false): string | undefined {
  if (value instanceof RawJson) return showLive ? value.label : value.text;
  if (value instanceof Live) {
    if (showLive) return `<${value.name}>`;
    throw new Error(`unresolved live value ${value.name}`);
  }
  if (value === undefined) return undefined;
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((item) => jsonText(item, showLive) ?? 'null').join(',')}]`;
  const entries = Object.keys(value).flatMap((key) => {
    const text = jsonText((value as Record<string, unknown>)[key], showLive);
    return text === undefined ? [] : [`${JSON.stringify(key)}:${text}`];
  });
  return `{${entries.join(',')}}`;
}

// ---- the request of one operation --------------------------------------------------------------

function authFor(operation: Operation): fc.Arbitrary<Auth> {
  const none = fc.constant<Auth>({ kind: 'none' });
  const user = fc.constant<Auth>({ kind: 'user' });
  const operator = fc.constant<Auth>({ kind: 'operator' });
  const raw = evilHeader.map<Auth>((value) => ({ kind: 'raw', value }));
  if (operation.caller === 'operator') {
    return fc.oneof({ weight: 16, arbitrary: operator }, { weight: 1, arbitrary: user }, { weight: 1, arbitrary: none }, { weight: 1, arbitrary: raw });
  }
  if (operation.caller === 'user') {
    return fc.oneof({ weight: 16, arbitrary: user }, { weight: 1, arbitrary: operator }, { weight: 1, arbitrary: none }, { weight: 1, arbitrary: raw });
  }
  return fc.oneof({ weight: 8, arbitrary: none }, { weight: 4, arbitrary: user }, { weight: 1, arbitrary: operator }, { weight: 1, arbitrary: raw });
}

/** The natural caller: the session the operation documents. */
function naturalAuth(operation: Operation): Auth {
  return { kind: operation.caller };
}

function queryString(entries: Array<[string, string]>): string {
  return entries.map(([name, value]) => `${encodeQueryValue(name)}=${encodeQueryValue(value)}`).join('&');
}

interface Pieces {
  path: string;
  query: string;
  queryWhat?: string;
  pathWhat?: string;
}

function locationOf(operation: Operation, context: RequestContext): { valid: fc.Arbitrary<Pieces>; spoiled: fc.Arbitrary<Pieces> } {
  const queryParams = operation.parameters.filter((parameter) => parameter.in === 'query');
  const pathParams = operation.parameters.filter((parameter) => parameter.in === 'path');
  const validPath = fc
    .tuple(...pathParams.map((parameter) => validOf(parameter.schema, context, operation.id, parameter.name)))
    .map((values) => pathParams.reduce((path, parameter, index) => path.replace(`{${parameter.name}}`, encodeURIComponent(String(values[index]))), operation.path));
  const validQuery = fc
    .tuple(...queryParams.map((parameter) => (parameter.required ? validOf(parameter.schema, context, operation.id, parameter.name) : fc.option(validOf(parameter.schema, context, operation.id, parameter.name), { nil: undefined }))))
    .map((values) => queryParams.flatMap((parameter, index): Array<[string, string]> => (values[index] === undefined ? [] : [[parameter.name, String(values[index])]])));

  const valid = fc.tuple(validPath, validQuery).map(([path, entries]) => ({ path, query: queryString(entries) }));
  const names = [...queryParams.map((parameter) => parameter.name), 'lang', 'unknown'];
  const badText = fc.oneof(evilString, fc.constantFrom(...NUMERIC_TEXTS), evilValue.map((value) => (typeof value === 'string' ? value : (jsonText(value) ?? ''))));
  const spoiledQuery = fc.tuple(validPath, validQuery).chain(([path, entries]) =>
    fc.oneof(
      fc.tuple(fc.constantFrom(...names), badText).map(([name, bad]) => ({
        path,
        query: queryString([...entries.filter(([key]) => key !== name), [name, bad]]),
        queryWhat: `query ${name} = ${preview(bad)}`,
      })),
      fc.tuple(fc.constantFrom(...names), fc.constantFrom(...RAW_QUERY_PIECES)).map(([name, piece]) => {
        const raw = piece.startsWith('[') || piece.startsWith('=') ? `${name}${piece}` : `${name}=${piece}`;
        return { path, query: [queryString(entries), raw].filter(Boolean).join('&'), queryWhat: `query + ${raw}` };
      }),
      fc.constantFrom(...names).map((name) => ({ path, query: [queryString(entries), `${name}=1&${name}=2`].filter(Boolean).join('&'), queryWhat: `query ${name} twice` })),
      fc.constant({ path, query: `${'a=1&'.repeat(2_000)}b=2`, queryWhat: 'query with 2001 parameters' }),
    ),
  );
  if (pathParams.length === 0) return { valid, spoiled: spoiledQuery };
  const rawSegments = ['..%2F..%2F..%2Fetc%2Fpasswd', '%2e%2e', '..', '%00', '%ED%A0%80', 'a'.repeat(5_000), '%', '%zz', 'x.png%00.png', '%20'];
  const spoiledPath = fc.tuple(validQuery, fc.oneof(fc.constantFrom(...rawSegments), evilString.map(encodeQueryValue))).map(([entries, segment]) => ({
    path: pathParams.reduce((path, parameter) => path.replace(`{${parameter.name}}`, segment), operation.path),
    query: queryString(entries),
    pathWhat: `path segment ${preview(segment)}`,
  }));
  return { valid, spoiled: fc.oneof(spoiledQuery, spoiledPath) };
}

function jsonBody(value: unknown, contentType = 'application/json'): Body {
  return { kind: 'json', value, contentType };
}

function multipartOf(fields: Record<string, unknown>, file: Part | null, extra: Partial<MultipartBody> = {}, boundary = '----fuzzBoundary7MA4YWxk'): MultipartBody {
  const parts: Part[] = Object.entries(fields).map(([name, value]) => ({ name, value: typeof value === 'string' ? value : value instanceof RawJson ? value.text : (jsonText(value, true) ?? '') }));
  return { kind: 'multipart', parts: file ? [...parts, file] : parts, boundary, ...extra };
}

const pngFile = (bytes: Uint8Array = PNG, filename = 'proof.png', type = 'image/png'): Part => ({ name: 'file', value: bytes, filename, type });

/** Broken multipart forms of otherwise valid fields. */
function brokenForms(fields: Record<string, unknown>): fc.Arbitrary<{ body: Body; what: string; mustRefuse?: string }> {
  const form = (extra: Partial<MultipartBody>, file: Part | null = pngFile()) => multipartOf(fields, file, extra);
  const encodedLength = 600;
  return fc.oneof(
    fc.constant({ body: form({ contentType: 'multipart/form-data' }), what: 'multipart without boundary' }),
    fc.constant({ body: form({ contentType: 'multipart/form-data; boundary=' }), what: 'multipart with an empty boundary' }),
    fc.constant({ body: form({ contentType: 'multipart/form-data; boundary=other' }), what: 'multipart whose boundary is not the one used' }),
    fc.integer({ min: 0, max: encodedLength }).map((cutAt) => ({ body: form({ cutAt }), what: `multipart cut after ${cutAt} bytes` })),
    fc.constant({ body: form({ noClosing: true }), what: 'multipart without its closing boundary' }),
    fc.constant({ body: form({ bareNewlines: true }), what: 'multipart with bare \\n line ends' }),
    boundaryArb.map((boundary) => ({ body: multipartOf(fields, pngFile(), {}, boundary), what: `multipart boundary ${preview(boundary)}` })),
    fc.integer({ min: 5, max: 40 }).map((count) => ({
      body: multipartOf({ ...fields, ...Object.fromEntries(Array.from({ length: count }, (_, index) => [`f${index}`, 'v'])) }, pngFile()),
      what: `multipart with ${count} extra fields`,
    })),
    fc.constant({ body: multipartOf(fields, pngFile(), { parts: [...multipartOf(fields, null).parts, pngFile(), pngFile()] }), what: 'multipart with two files' }),
    fc.constant({ body: multipartOf(fields, { ...pngFile(), name: 'avatar' }), what: 'file under another field name' }),
    fc.constant({ body: multipartOf({}, pngFile(), { parts: [pngFile(), ...multipartOf(fields, null).parts] }), what: 'file before the fields' }),
    fc.constant({ body: form({}, null), what: 'multipart without a file' }),
    fc.constant({ body: multipartOf({ ...fields, note: 'n'.repeat(2_000) }, pngFile()), what: 'a 2000-character field' }),
    fc.constant({ body: form({}, pngFile(Buffer.alloc(3 * 1024 * 1024, 1))), what: 'a 3 MB file' }),
    fc.constant({ body: form({}, { name: 'file', value: PNG, rawHeaders: 'X-Nothing: here' }), what: 'a part without Content-Disposition' }),
    fc.constant({ body: form({}, { name: 'file', value: PNG, rawHeaders: 'Content-Disposition: form-data' }), what: 'a part without a name' }),
    evilString.map((filename) => ({ body: form({}, pngFile(PNG, filename)), what: `file name ${preview(filename)}` })),
    evilString.map((name) => ({ body: multipartOf({ ...fields, [name]: '1' }, pngFile()), what: `field named ${preview(name)}` })),
    evilString.map((lang) => ({ body: multipartOf({ lang, ...fields }, pngFile()), what: `lang field ${preview(lang)}` })),
    fc.constantFrom(...ODD_FILES).map((file) => ({ body: form({}, pngFile(file.bytes)), what: `file: ${file.label}` })),
    fc.constantFrom(...IMAGE_FILES).map((file) => ({ body: form({}, pngFile(file.bytes)), what: `image bomb: ${file.label}`, mustRefuse: `an image bomb (${file.label}) must be refused` })),
  );
}

/** The headers of a request before one of them is spoiled. */
function baseHeaders(operation: Operation): Record<string, string> {
  return operation.method === 'POST' ? { 'idempotency-key': FRESH_KEY } : {};
}

const HEADER_NAMES = ['idempotency-key', 'accept-language', 'content-type', 'x-forwarded-for', 'cookie', 'origin', 'if-none-match', 'range', 'content-encoding'];

export function requestsFor(operation: Operation, context: RequestContext): fc.Arbitrary<FuzzRequest> {
  const location = locationOf(operation, context);
  const auth = authFor(operation);
  const headers = baseHeaders(operation);
  const natural = naturalAuth(operation);

  if (!operation.body) {
    // GET (or body-less) calls: the query, the path, the headers, and a body nobody asked for.
    return fc.oneof(
      { weight: 2, arbitrary: location.valid.map((at) => ({ what: 'valid', ...at, auth: natural, headers })) },
      { weight: 6, arbitrary: fc.tuple(location.spoiled, auth).map(([at, who]) => ({ what: at.queryWhat ?? at.pathWhat ?? 'spoiled location', ...at, auth: who, headers })) },
      { weight: 2, arbitrary: fc.tuple(location.valid, auth).map(([at, who]) => ({ what: `as ${who.kind}${who.kind === 'raw' ? ` ${preview(who.value)}` : ''}`, ...at, auth: who, headers })) },
      {
        weight: 1,
        arbitrary: fc.tuple(location.valid, fc.constantFrom(...HEADER_NAMES), evilHeader).map(([at, name, value]) => ({ what: `header ${name}: ${preview(value)}`, ...at, auth: natural, headers: { ...headers, [name]: value } })),
      },
    );
  }

  const schema = operation.body.schema;
  if (operation.body.mediaType === 'multipart/form-data') {
    const fieldsSchema = context.multipartFields(operation.id) ?? { type: 'object', properties: {} };
    const validFields = validOf(fieldsSchema, context, operation.id) as fc.Arbitrary<Record<string, unknown>>;
    return fc.oneof(
      { weight: 2, arbitrary: fc.tuple(location.valid, validFields).map(([at, fields]) => ({ what: 'valid form', ...at, auth: natural, headers, body: multipartOf(fields, pngFile()) })) },
      {
        weight: 3,
        arbitrary: fc
          .tuple(location.valid, validFields.chain((fields) => spoiledBody(fields, fieldsSchema)))
          .map(([at, spoiled]) => ({ what: `form ${spoiled.what}`, ...at, auth: natural, headers, body: multipartOf(spoiled.value && typeof spoiled.value === 'object' && !Array.isArray(spoiled.value) ? (spoiled.value as Record<string, unknown>) : { value: spoiled.value }, pngFile()) })),
      },
      { weight: 6, arbitrary: fc.tuple(location.valid, validFields.chain(brokenForms)).map(([at, broken]) => ({ ...at, auth: natural, headers, ...broken })) },
      { weight: 1, arbitrary: fc.tuple(location.valid, validFields, auth).map(([at, fields, who]) => ({ what: `valid form as ${who.kind}`, ...at, auth: who, headers, body: multipartOf(fields, pngFile()) })) },
      { weight: 1, arbitrary: fc.tuple(location.valid, validFields).map(([at, fields]) => ({ what: 'the form as JSON', ...at, auth: natural, headers, body: jsonBody(fields) })) },
      {
        weight: 1,
        arbitrary: fc.tuple(location.valid, validFields, fc.constantFrom(...HEADER_NAMES.filter((name) => name !== 'content-type')), evilHeader).map(([at, fields, name, value]) => ({
          what: `header ${name}: ${preview(value)}`,
          ...at,
          auth: natural,
          headers: { ...headers, [name]: value },
          body: multipartOf(fields, pngFile()),
        })),
      },
    );
  }

  const validBody = validOf(schema, context, operation.id);
  return fc.oneof(
    { weight: 1, arbitrary: fc.tuple(location.valid, validBody).map(([at, value]) => ({ what: 'valid', ...at, auth: natural, headers, body: jsonBody(value) })) },
    {
      weight: 10,
      arbitrary: fc.tuple(location.valid, validBody.chain((value) => spoiledBody(value, schema))).map(([at, spoiled]) => ({ what: spoiled.what, ...at, auth: natural, headers, body: jsonBody(spoiled.value) })),
    },
    { weight: 1, arbitrary: fc.tuple(location.spoiled, validBody).map(([at, value]) => ({ what: at.queryWhat ?? at.pathWhat ?? 'spoiled location', ...at, auth: natural, headers, body: jsonBody(value) })) },
    { weight: 1, arbitrary: fc.tuple(location.valid, validBody, auth).map(([at, value, who]) => ({ what: `as ${who.kind}${who.kind === 'raw' ? ` ${preview(who.value)}` : ''}`, ...at, auth: who, headers, body: jsonBody(value) })) },
    { weight: 1, arbitrary: fc.tuple(location.valid, fc.constantFrom(...BROKEN_JSON)).map(([at, text]) => ({ what: `JSON text ${preview(text)}`, ...at, auth: natural, headers, body: { kind: 'raw' as const, bytes: text, contentType: 'application/json' } })) },
    {
      weight: 1,
      arbitrary: fc.tuple(location.valid, validBody, fc.constantFrom(...WRONG_CONTENT_TYPES)).map(([at, value, contentType]) => ({ what: `content type ${contentType}`, ...at, auth: natural, headers, body: jsonBody(value, contentType) })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(location.valid, validBody, fc.constantFrom<Body['kind'] | 'none' | 'utf8' | 'duplicate'>('none', 'utf8', 'duplicate', 'multipart')).map(([at, value, how]) => {
        if (how === 'none') return { what: 'no body, no content type', ...at, auth: natural, headers };
        if (how === 'utf8') return { what: 'invalid UTF-8 in a JSON string', ...at, auth: natural, headers, body: { ...jsonBody(value), tweak: 'invalid-utf8' as const } };
        if (how === 'duplicate') return { what: 'the first field again, as 1e309', ...at, auth: natural, headers, body: { ...jsonBody(value), tweak: 'duplicate-key' as const } };
        const fields = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
        return { what: 'the body as multipart', ...at, auth: natural, headers, body: multipartOf(fields, null) };
      }),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(location.valid, validBody, fc.constantFrom(...HEADER_NAMES), evilHeader).map(([at, value, name, header]) => ({ what: `header ${name}: ${preview(header)}`, ...at, auth: natural, headers: { ...headers, [name]: header }, body: jsonBody(value) })),
    },
  );
}

/** The body's bytes: JSON text of the (resolved) value, with its defect. */
export function jsonBytes(body: Extract<Body, { kind: 'json' }>, resolved: unknown): Buffer {
  const text = jsonText(resolved) ?? '';
  const isObject = text.startsWith('{') && text.endsWith('}');
  if (body.tweak === 'invalid-utf8' && isObject) {
    const open = text.length > 2 ? `${text.slice(0, -1)},"x":"` : '{"x":"';
    return Buffer.concat([Buffer.from(open), Buffer.from([0xff, 0xfe, 0xc0, 0x80, 0xed, 0xa0, 0x80]), Buffer.from('"}')]);
  }
  if (body.tweak === 'duplicate-key' && isObject && text.length > 2) {
    const key = Object.keys(resolved as object)[0];
    return Buffer.from(`${text.slice(0, -1)},${JSON.stringify(key)}:1e309}`);
  }
  return Buffer.from(text, 'utf8');
}

/** How much of the time an operation deserves: more fields, more places to break. */
export function weightOf(operation: Operation, context: RequestContext): number {
  const schema = operation.body?.schema;
  const names = new Set<string>();
  for (const part of [schema, ...(schema?.oneOf ?? []), context.multipartFields(operation.id)]) for (const name of Object.keys(part?.properties ?? {})) names.add(name);
  return 2 + names.size + operation.parameters.length + (operation.body?.mediaType === 'multipart/form-data' ? 4 : 0);
}
