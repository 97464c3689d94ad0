/**
 * What the route fuzz (#13) sends: valid-looking inputs sampled from each route's JSON schema,
 * and hostile values to put in their place. Nothing here knows a particular route; the cases
 * follow from the route table, so a route added later is fuzzed without a line written for it.
 */

import { z } from 'zod';

/** The part of a JSON Schema (as zod's toJSONSchema writes it) that the sampler reads. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

/** A route's schema as the JSON Schema its OpenAPI entry shows (what a client is told to send). */
export function jsonSchemaOf(schema: z.ZodType | undefined): JsonSchema | undefined {
  return schema ? (z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema) : undefined;
}

/** JSON text written as is into a body: what JSON.stringify cannot say (1e309, `__proto__` keys). */
export class RawJson {
  constructor(readonly text: string) {}
}
const raw = (text: string) => new RawJson(text);

export type FuzzValue = unknown;

/** Serialises a value that may hold RawJson pieces into JSON text. */
export function toJsonText(value: FuzzValue): string {
  const pieces: string[] = [];
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (item instanceof RawJson) {
      pieces.push(item.text);
      return `\u0001raw${pieces.length - 1}\u0001`;
    }
    return item;
  });
  return (text ?? 'null').replace(/"\\u0001raw(\d+)\\u0001"/g, (_match, index: string) => pieces[Number(index)] ?? '');
}

/** Up to `count` of `items`, drawn without replacement by `random`, in their original order. */
export function sample<T>(items: readonly T[], count: number, random: () => number): T[] {
  if (items.length <= count) return [...items];
  const chosen = new Set<number>();
  while (chosen.size < count) chosen.add(Math.floor(random() * items.length));
  return [...chosen].sort((a, b) => a - b).map((index) => items[index] as T);
}

const DEEP = 5_000;

/** Values put in the place of one field: wrong types, edge numbers, hostile strings, structures. */
export const HOSTILE_VALUES: readonly FuzzValue[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  -0.000001,
  raw('9007199254740993'),
  raw('1e309'),
  raw('-1e309'),
  raw('1e-400'),
  raw('0.1000000000000000000000000000000000001'),
  raw('123456789012345678901234567890123456789012'),
  '',
  ' ',
  'a'.repeat(100_000),
  '\u0000',
  'a\u0000b',
  '\u0007bell',
  '\u001b[31mred',
  'tab\tline\nfeed\r',
  '\u202eevil',
  '\ud800',
  '😀'.repeat(300),
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '0.0000000000000000000000001',
  '99999999999999999999999999999999999999999',
  '1,000',
  ' 1 ',
  '0x10',
  "' OR '1'='1",
  '"; DROP TABLE users; --',
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as a plain string.
  '${7*7}{{7*7}}',
  '%00%zz',
  [],
  [1, 'a', null],
  {},
  { nested: { deeper: ['x'] } },
  raw('{"__proto__":{"polluted":true}}'),
  raw('{"constructor":{"prototype":{"polluted":true}}}'),
  raw(`${'['.repeat(DEEP)}${']'.repeat(DEEP)}`),
];

/** Whole bodies that are not what any route takes: broken JSON, wrong top-level types, tricks. */
export const HOSTILE_BODIES: readonly string[] = [
  '{',
  '{"a":',
  "{'a':1}",
  '[1,]',
  'nul',
  '\uFEFF{}',
  '{"a":1}{"b":2}',
  'null',
  '[]',
  '"text"',
  '1',
  'true',
  '{}',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  `${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}`,
  `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
  '{"a":NaN}',
  '{"a":Infinity}',
  '{"a":1e309}',
];

/** Strings put in a query parameter or a path segment (sent URL-encoded). */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  'a'.repeat(6_000),
  '\u0000',
  'a\u0000b',
  '\u001b',
  '\u202e',
  '😀',
  '-1',
  '0',
  'NaN',
  '1e309',
  '0.00000000000000000000001',
  '99999999999999999999999999999999999999999',
  "' OR '1'='1",
  '../../etc/passwd',
  '..%2F..%2F',
  '<script>',
  '__proto__',
  'constructor',
  'true',
  'null',
  '[]',
  '{}',
];

const STRING_CANDIDATES = [
  'BTCUSDT',
  'USDT',
  'fuzz@example.test',
  'Fuzzuser1',
  'A1B2C3D4E5',
  '1',
  '10',
  '0.5',
  '2026-11-25',
  'en',
  'a',
  'abc',
  'help',
];

function patternAccepts(schema: JsonSchema, value: string): boolean {
  if (schema.minLength !== undefined && value.length < schema.minLength) return false;
  if (schema.maxLength !== undefined && value.length > schema.maxLength) return false;
  if (schema.pattern !== undefined) {
    try {
      return new RegExp(schema.pattern, 'u').test(value);
    } catch {
      return new RegExp(schema.pattern).test(value);
    }
  }
  return true;
}

function sampleString(schema: JsonSchema): string {
  switch (schema.format) {
    case 'email':
      return 'fuzz@example.test';
    case 'uuid':
      return '00000000-0000-4000-8000-000000000000';
    case 'date-time':
      return '2026-11-25T00:00:00.000Z';
    case 'date':
      return '2026-11-25';
    case 'uri':
    case 'url':
      return 'https://example.test/';
  }
  return STRING_CANDIDATES.find((candidate) => patternAccepts(schema, candidate)) ?? 'a'.repeat(schema.minLength ?? 1);
}

function firstType(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((type) => type !== 'null') ?? schema.type[0];
  return schema.type;
}

/** A value the schema probably accepts: the fuzz mutates it one field at a time. */
export function sampleFromSchema(schema: JsonSchema, depth = 0): FuzzValue {
  if (depth > 8) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) {
    const nonNull = choices.find((choice) => choice.type !== 'null') ?? choices[0];
    return nonNull ? sampleFromSchema(nonNull, depth + 1) : null;
  }
  if (schema.allOf?.length) {
    return Object.assign({}, ...schema.allOf.map((part) => sampleFromSchema(part, depth + 1)));
  }
  switch (firstType(schema)) {
    case 'object': {
      const result: Record<string, FuzzValue> = {};
      for (const name of schema.required ?? []) {
        const property = schema.properties?.[name];
        result[name] = property ? sampleFromSchema(property, depth + 1) : 'a';
      }
      return result;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, (_, index) =>
        sampleFromSchema(schema.prefixItems?.[index] ?? schema.items ?? {}, depth + 1),
      );
    case 'string':
      return sampleString(schema);
    case 'integer':
    case 'number': {
      const lowest = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
      return Math.min(Math.max(lowest, 1), schema.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return 'a';
  }
}

/** The top-level field names of an object schema (required first). */
export function fieldsOf(schema: JsonSchema | undefined): string[] {
  if (!schema?.properties) return [];
  const required = schema.required ?? [];
  return [...required, ...Object.keys(schema.properties).filter((name) => !required.includes(name))];
}
