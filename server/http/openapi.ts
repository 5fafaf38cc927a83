/**
 * GET /api/docs: the OpenAPI 3.1 document of every API route, built from the declarations of
 * apiRoute (and documentRoute) and the shared zod schemas. Served as is, not in the envelope.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ERROR_KEYS } from '../../src/domain/errors';
import { LOCALES } from '../../src/domain/locales';
import { apiRoute, noInput, type RouteDoc } from './api-route';

const jsonSchemaOf = (schema: z.ZodType) => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
};

const ENVELOPE = {
  type: 'object',
  required: ['type', 'code', 'message', 'data'],
  properties: {
    type: { type: 'string', enum: ['ok', 'error', '999'] },
    code: { type: 'integer', description: '1 on success, 0 on a refusal, 999 when the session is gone' },
    message: { type: 'string', description: "Empty on success; the reason in the request's language otherwise" },
    data: { description: 'The reply; on a refusal null or details such as { retryAfter }' },
    key: { type: 'string', enum: [...ERROR_KEYS] },
    field: { type: 'string', description: 'The form field a refusal is about' },
  },
};

function operationOf(route: RouteDoc) {
  const parameters: unknown[] = [];
  if (route.query) {
    const schema = jsonSchemaOf(route.query) as { properties?: Record<string, unknown>; required?: string[] };
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      parameters.push({ name, in: 'query', required: schema.required?.includes(name) ?? false, schema: property });
    }
  }
  for (const match of route.path.matchAll(/:(\w+)/g)) {
    parameters.push({ name: match[1], in: 'path', required: true, schema: { type: 'string' } });
  }
  if (route.method === 'GET') {
    parameters.push({ name: 'lang', in: 'query', required: false, schema: { type: 'string', enum: [...LOCALES] } });
  }
  const requestBody = route.fileField
    ? {
        required: true,
        content: {
          'multipart/form-data': {
            schema: { type: 'object', required: [route.fileField], properties: { [route.fileField]: { type: 'string', format: 'binary' } } },
          },
        },
      }
    : route.body
      ? { required: true, content: { 'application/json': { schema: jsonSchemaOf(route.body) } } }
      : undefined;
  return {
    tags: [route.tag],
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    ...(route.auth === 'required' ? { security: [{ token: [] }] } : route.auth === 'optional' ? { security: [{}, { token: [] }] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: route.raw
      ? { 200: { description: 'The file or document itself' }, 404: { $ref: '#/components/responses/Refusal' } }
      : {
          200: { description: 'Success: type "ok", code 1', content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } } },
          default: { $ref: '#/components/responses/Refusal' },
        },
  };
}

export function openApiDocument(routes: readonly RouteDoc[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operationOf(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Tessera API',
      version: '0.1.0',
      description:
        'Every reply except /api/docs and files is the envelope { type, code, message, data }. ' +
        'Messages follow the `lang` field (query for GET, body otherwise), else Accept-Language, else en.',
    },
    paths,
    components: {
      schemas: { Envelope: ENVELOPE },
      responses: {
        Refusal: {
          description: 'A refusal: type "error" (code 0) or "999" (session gone, HTTP 401), with key and message',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } },
        },
      },
      securitySchemes: {
        token: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'The raw token, or "Bearer <token>"' },
      },
    },
  };
}

export function docsRoute(app: FastifyInstance): void {
  apiRoute(app, {
    method: 'GET',
    url: '/docs',
    tag: 'docs',
    summary: 'This OpenAPI 3.1 document',
    query: noInput,
    raw: true,
    handler: async () => openApiDocument(app.apiRoutes),
  });
}
