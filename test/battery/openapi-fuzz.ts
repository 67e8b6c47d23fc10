/**
 * The pieces of the API fuzzer (B30): the OpenAPI document and its response validators, fast-check
 * arbitraries built from the operations' own JSON Schemas, hostile values, and a JSON writer that
 * can say what `JSON.stringify` cannot (raw number text such as `1e309`, duplicate keys, `__proto__`
 * as a key, nesting deeper than a recursive writer survives).
 */
import { readFileSync } from 'node:fs';

import type { ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule, { type FormatsPlugin } from 'ajv-formats';
import fc from 'fast-check';

// CommonJS; under Node's ESM loader its default export sits on `.default`.
const addFormats: FormatsPlugin =
  (addFormatsModule as unknown as { default?: FormatsPlugin }).default ??
  (addFormatsModule as unknown as FormatsPlugin);

export type Schema = Record<string, any>;

export interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: Schema;
}

export interface Operation {
  operationId: string;
  method: string;
  /** The document's path, with `{name}` placeholders. */
  path: string;
  parameters: Parameter[];
  /** The JSON body's schema and example, when the operation takes one. */
  body?: { schema: Schema; example?: unknown; required: boolean };
  /** Each alternative is the list of schemes it needs; `[]` means none. */
  security: string[][];
  /** Response status (or `default`) → media types it documents. */
  responses: Record<string, string[]>;
}

export const DOCUMENT_URL = new URL('../../docs/openapi.json', import.meta.url);
const DOCUMENT_ID = 'openapi.json';
const METHODS = ['get', 'put', 'post', 'patch', 'delete'];

export function loadDocument(): { document: Schema; operations: Operation[] } {
  const document = JSON.parse(readFileSync(DOCUMENT_URL, 'utf8')) as Schema;
  const resolve = (node: Schema): Schema => {
    let current = node;
    while (typeof current.$ref === 'string') current = pointer(document, current.$ref);
    return current;
  };
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths as Record<string, Schema>)) {
    for (const method of METHODS) {
      const op = item[method] as Schema | undefined;
      if (!op) continue;
      const parameters = ((op.parameters ?? []) as Schema[]).map(resolve) as Parameter[];
      const media = op.requestBody?.content?.['application/json'] as Schema | undefined;
      const responses: Record<string, string[]> = {};
      for (const [status, response] of Object.entries(op.responses as Record<string, Schema>)) {
        responses[status] = Object.keys(resolve(response).content ?? {});
      }
      operations.push({
        operationId: op.operationId as string,
        method: method.toUpperCase(),
        path,
        parameters,
        ...(media && {
          body: {
            schema: media.schema as Schema,
            example: media.example,
            required: op.requestBody.required === true,
          },
        }),
        security: ((op.security ?? []) as Schema[]).map((alternative) => Object.keys(alternative)),
        responses,
      });
    }
  }
  return { document, operations };
}

/** Follows a local JSON pointer (`#/components/schemas/Merchant`) in the document. */
export function pointer(document: Schema, ref: string): Schema {
  let node: unknown = document;
  for (const raw of ref.replace(/^#\//, '').split('/')) {
    node = (node as Schema)[raw.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  if (node === undefined) throw new Error(`unresolved $ref ${ref}`);
  return node as Schema;
}

const escapePointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Validators for every documented JSON response: `validatorFor(op, status)` validates a body
 * against the schema of that status, or of `default` when the status is not listed.
 */
export function responseValidators(document: Schema) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema(document, DOCUMENT_ID);
  const cache = new Map<string, ValidateFunction | null>();
  return (op: Operation, status: number): { key: string; validate: ValidateFunction | null } => {
    const key = String(status) in op.responses ? String(status) : 'default';
    const cacheKey = `${op.operationId} ${key}`;
    let validate = cache.get(cacheKey);
    if (validate === undefined) {
      let response = document.paths[op.path][op.method.toLowerCase()].responses[key] as
        Schema | undefined;
      let base = `#/paths/${escapePointer(op.path)}/${op.method.toLowerCase()}/responses/${key}`;
      while (typeof response?.$ref === 'string') {
        base = response.$ref;
        response = pointer(document, base);
      }
      validate = response?.content?.['application/json']?.schema
        ? ajv.compile({ $ref: `${DOCUMENT_ID}${base}/content/application~1json/schema` })
        : null;
      cache.set(cacheKey, validate);
    }
    return { key, validate: validate ?? null };
  };
}

// ---------------------------------------------------------------------------------------------
// JSON text that JSON.stringify cannot write.

/** JSON text written as is: `1e309`, `-0`, `9007199254740993`, deep nesting. */
export class RawJson {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

/** An object as a list of entries: duplicate keys and `__proto__` survive. */
export class Entries {
  readonly entries: [string, unknown][];
  constructor(entries: [string, unknown][]) {
    this.entries = entries;
  }
}

export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (value instanceof Entries) {
    return `{${value.entries.map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`).join(',')}}`;
  }
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return toJsonText(new Entries(Object.entries(value)));
  }
  return value === undefined ? 'null' : JSON.stringify(value);
}

// ---------------------------------------------------------------------------------------------
// Valid values from a schema.

export interface ArbitraryOptions {
  document: Schema;
  /** Values that mean something to the server (real ids, the fixtures' e-mail), by field name. */
  known: (name: string) => unknown[] | undefined;
}

const isoDate = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z') })
  .filter((d) => !Number.isNaN(d.getTime()));

const text = (minLength: number, maxLength: number) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength, maxLength }) },
    { weight: 1, arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme' }) },
  );

/** A value the schema accepts (as far as its keywords say; the server may still refuse it). */
export function valueOf(
  schema: Schema,
  options: ArbitraryOptions,
  name = '',
  depth = 0,
): fc.Arbitrary<unknown> {
  if (typeof schema.$ref === 'string') {
    return valueOf(pointer(options.document, schema.$ref), options, name, depth);
  }
  const generated = generatedValueOf(schema, options, name, depth);
  const known = options.known(name);
  if (!known?.length) return generated;
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...known) },
    { weight: 1, arbitrary: generated },
  );
}

function generatedValueOf(
  schema: Schema,
  options: ArbitraryOptions,
  name: string,
  depth: number,
): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const alternatives = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (alternatives) return fc.oneof(...alternatives.map((s) => valueOf(s, options, name, depth)));
  if (Array.isArray(schema.type)) {
    return fc.oneof(
      ...(schema.type as string[]).map((type) =>
        generatedValueOf({ ...schema, type }, options, name, depth),
      ),
    );
  }
  switch (schema.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : -(2 ** 40);
      const max = typeof schema.maximum === 'number' ? schema.maximum : 2 ** 40;
      return schema.type === 'integer'
        ? fc.integer({ min, max })
        : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case 'string':
      return stringOf(schema);
    case 'array': {
      const items = (schema.items ?? {}) as Schema;
      const minLength = (schema.minItems as number | undefined) ?? 0;
      const maxLength = Math.max(minLength, Math.min((schema.maxItems as number) || 4, 4));
      return fc.array(valueOf(items, options, name, depth + 1), { minLength, maxLength });
    }
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, property] of Object.entries(properties)) {
        record[key] = valueOf(property, options, key, depth + 1);
      }
      const required = (schema.required ?? []) as string[];
      // Often only the required fields: random optional ones together rarely make sense.
      return fc.oneof(
        fc.record(record, { requiredKeys: required }),
        fc.record(Object.fromEntries(required.flatMap((k) => (record[k] ? [[k, record[k]]] : [])))),
      );
    }
    default:
      return depth > 2 ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 });
  }
}

function stringOf(schema: Schema): fc.Arbitrary<string> {
  const minLength = (schema.minLength as number | undefined) ?? 0;
  const maxLength = Math.max(minLength, Math.min((schema.maxLength as number) || 40, 40));
  const fits = (s: string) =>
    s.length >= minLength && s.length <= ((schema.maxLength as number) || Infinity);
  switch (schema.format) {
    case 'email':
      return fc.emailAddress().filter(fits);
    case 'date-time':
      return isoDate.map((d) => d.toISOString());
    case 'date':
      return isoDate.map((d) => d.toISOString().slice(0, 10));
  }
  const base = text(minLength, maxLength);
  if (!schema.pattern) return base;
  const pattern = new RegExp(schema.pattern as string, 'u');
  // `\S` (not blank) lets most text through; a tight pattern (six digits, a field key) would let
  // a filter spin for ever on random text, so strings are drawn from the pattern itself.
  return schema.pattern === '\\S'
    ? base.filter((s) => pattern.test(s))
    : fc.stringMatching(new RegExp(schema.pattern as string)).filter(fits);
}

// ---------------------------------------------------------------------------------------------
// Hostile values.

const deepArray = (depth: number) =>
  new RawJson(`${'['.repeat(depth)}"\\u0041"${']'.repeat(depth)}`);
const deepObject = (depth: number) =>
  new RawJson(`${'{"a":'.repeat(depth)}"\\u0041"${'}'.repeat(depth)}`);

/** Hostile JSON values for a field: wrong types, bad text, extreme numbers, deep nesting. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    '\u0000',
    'a\u0000b',
    '\ud800',
    'a\ud83dz',
    '\udfff',
    '\ufeff',
    '\uffff',
    '\u202e',
    'x'.repeat(5_000),
    'é'.repeat(20_000),
    '',
    ' ',
    '100',
    '1e3',
    'null',
    'true',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '../../../etc/passwd',
    '%00',
    '{"$gt":""}',
    '4084084084084081',
    null,
    true,
    false,
    0,
    -1,
    1.5,
    2 ** 31,
    -(2 ** 31) - 1,
    Number.MAX_SAFE_INTEGER,
    Number.MIN_SAFE_INTEGER,
    [],
    {},
    [null],
    { $gt: '' },
    new RawJson('-0'),
    new RawJson('1e3'),
    new RawJson('1E400'),
    new RawJson('1e309'),
    new RawJson('-1e309'),
    new RawJson('9007199254740993'),
    new RawJson('123456789012345678901234567890'),
    new RawJson('0.1e-400'),
    new RawJson('100.0'),
    new Entries([['__proto__', { admin: true }]]),
    new Entries([['constructor', { prototype: { admin: true } }]]),
    deepArray(64),
    deepArray(5_000),
    deepArray(30_000),
    deepObject(5_000),
    deepObject(10_000),
    deepObject(14_000),
  ),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.integer(),
  fc.double(),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Fields a client must never be able to set (B32), tried as extra body fields. */
export const SERVER_OWNED_FIELDS = [
  'status',
  'amount_captured',
  'amount_refunded',
  'fee',
  'merchant_id',
  'customer_id',
  'livemode',
  'id',
  'created_at',
  '__proto__',
  'constructor',
  'prototype',
];

/** Raw, percent-encoded hostile text for path segments and query values. */
export const hostileUrlText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '%00',
    'a%00b',
    '%ED%A0%80',
    'a%F0%9F%98z',
    '%FF',
    '%C0%AF',
    '%',
    '%2',
    '%2F',
    '..',
    '.',
    '%2e%2e',
    '%20',
    'null',
    'undefined',
    '0',
    '-1',
    '1e309',
    '-1e309',
    'Infinity',
    'NaN',
    '9007199254740993',
    '1e-400',
    '__proto__',
    'constructor',
    '%27%20OR%201%3D1--',
    '%3Cscript%3E',
    'x'.repeat(65),
    'x'.repeat(200),
    'x'.repeat(2_000),
    '%E2%80%AE',
    '%EF%BB%BF',
  ),
  fc.string({ unit: 'grapheme', maxLength: 20 }).map(encodeURIComponent),
);
