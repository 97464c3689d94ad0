import { ZEnvelope, ZErrorData } from '@openbourse/contracts';
import { z } from 'zod';
import type { RegisteredRoute } from '../http/route.js';

type JsonSchema = Record<string, unknown>;
type Parameter = {
  name: string;
  in: 'query' | 'path' | 'header';
  required: boolean;
  schema: JsonSchema;
  description?: string;
};

function toSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  return json;
}

function objectParameters(schema: z.ZodType | undefined, where: 'query' | 'path'): Parameter[] {
  if (!schema) return [];
  const json = toSchema(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, propertySchema]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: propertySchema,
    ...(typeof propertySchema.description === 'string' ? { description: propertySchema.description } : {}),
  }));
}

const COMMON_HEADERS: Parameter[] = [
  {
    name: 'lang',
    in: 'header',
    required: false,
    schema: { type: 'string', enum: ['en', 'ja', 'ko', 'de', 'fr', 'it', 'es', 'ar', 'hk', 'zh'] },
    description: 'Language of `msg` and content; else Accept-Language, else the deployment default',
  },
  {
    name: 'virtually',
    in: 'header',
    required: false,
    schema: { type: 'string', enum: ['YES', 'NO'] },
    description: 'YES selects the demo book, NO (default) the live book',
  },
];

/** OpenAPI 3.1 document generated from the zod contracts of every declared route. */
export function buildOpenApiDocument(routes: RegisteredRoute[], info: { version: string }): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const errorEnvelope = toSchema(ZEnvelope(ZErrorData), 'output');
  for (const route of [...routes].sort((a, b) => a.path.localeCompare(b.path))) {
    const openApiPath = route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const operation: Record<string, unknown> = {
      summary: route.summary,
      tags: route.tags,
      operationId: `${route.method.toLowerCase()}${openApiPath.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
      'x-auth-level': route.auth,
      security: route.auth === 'public' ? [] : [{ token: [] }],
      parameters: [
        ...objectParameters(route.params, 'path'),
        ...objectParameters(route.query, 'query'),
        ...COMMON_HEADERS,
      ],
      responses: {
        200: route.answerTypes
          ? {
              description: 'Success: the bytes themselves, not the envelope',
              content: Object.fromEntries(
                route.answerTypes.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
              ),
            }
          : {
              description: `Success (code ${route.successCode})`,
              content: { 'application/json': { schema: toSchema(ZEnvelope(route.response), 'output') } },
            },
        default: {
          description: 'Error envelope: `code` is a catalogue code, `msg` its message',
          content: { 'application/json': { schema: errorEnvelope } },
        },
      },
    };
    if (route.multipart) {
      const files = route.multipart.files;
      operation.requestBody = {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: Object.fromEntries(files.map((name) => [name, { type: 'string', format: 'binary' }])),
              required: [...files],
            },
          },
        },
      };
    } else if (route.body) {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: toSchema(route.body, 'input') } },
      };
    }
    paths[openApiPath] = { ...(paths[openApiPath] ?? {}), [route.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'OpenBourse API',
      version: info.version,
      description:
        'Every response is the envelope `{ code, data, msg }`; code 200 (or 200xx) is success. ' +
        'Send `Authorization: <token>` for protected routes, `lang` for the language and `virtually` for the book.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } },
    },
    paths,
  };
}
