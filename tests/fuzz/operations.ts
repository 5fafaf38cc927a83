/**
 * The operations the fuzz sends requests to, read from the app's own OpenAPI document
 * (GET /api/docs): method, path, who may call it, the body's JSON schema and media type, and
 * the query and path parameters. A route added to the server is fuzzed without touching the suite.
 */

/** The subset of JSON Schema the routes' zod schemas turn into. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  enum?: unknown[];
  const?: unknown;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
  items?: JsonSchema;
}

export type Caller = 'none' | 'user' | 'operator';

export interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header';
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: 'GET' | 'POST';
  /** The path as documented, e.g. /api/uploads/avatars/{file}. */
  path: string;
  /** Who the documented security requirement names; 'none' also for "optional" calls. */
  caller: Caller;
  /** 'optional' security (a token may be sent or not). */
  optionalAuth: boolean;
  body?: { mediaType: 'application/json' | 'multipart/form-data'; schema: JsonSchema };
  parameters: Parameter[];
  /** `${method} ${path}`, how findings name the operation. */
  id: string;
}

interface OpenApiOperation {
  security?: Array<Record<string, string[]>>;
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: JsonSchema }>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

function callerOf(security: OpenApiOperation['security']): { caller: Caller; optionalAuth: boolean } {
  if (!security || security.length === 0) return { caller: 'none', optionalAuth: false };
  const optionalAuth = security.some((requirement) => Object.keys(requirement).length === 0);
  if (security.some((requirement) => 'operatorToken' in requirement)) return { caller: 'operator', optionalAuth };
  return { caller: optionalAuth ? 'none' : 'user', optionalAuth };
}

export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const upper = method.toUpperCase();
      if (upper !== 'GET' && upper !== 'POST') throw new Error(`the fuzz does not know how to call ${upper} ${path}`);
      const content = operation.requestBody?.content ?? {};
      const mediaType = (['multipart/form-data', 'application/json'] as const).find((type) => type in content);
      operations.push({
        method: upper,
        path,
        ...callerOf(operation.security),
        ...(mediaType ? { body: { mediaType, schema: content[mediaType].schema } } : {}),
        parameters: (operation.parameters ?? []).map((parameter) => ({
          name: parameter.name,
          in: parameter.in as Parameter['in'],
          required: parameter.required ?? false,
          schema: parameter.schema ?? {},
        })),
        id: `${upper} ${path}`,
      });
    }
  }
  return operations;
}
