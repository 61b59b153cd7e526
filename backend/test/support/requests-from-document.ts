import fc from 'fast-check';
import type { OpenApiDocument } from '../../src/modules/api-docs/openapi-document';

/**
 * Requests generated from the OpenAPI document (fast-check): for an operation, its path parameters,
 * query and body drawn from their schemas, valid or not. A valid draw follows the schema; an invalid
 * one breaks it in one place (a wrong type, a value out of range, a required field left out, a field
 * the schema does not name) or sends text that is no value at all.
 */

type Schema = Record<string, unknown>;

export interface DocumentedOperation {
  operationId: string;
  method: string;
  /** OpenAPI path, `/api/posts/{id}`. */
  path: string;
  security: unknown[];
  parameters: { name: string; in: 'path' | 'query'; required: boolean; schema: Schema }[];
  jsonBody?: Schema;
  multipartBody?: Schema;
}

export interface GeneratedRequest {
  operationId: string;
  method: string;
  url: string;
  /** A JSON body, or the text fields and file parts of a multipart one. */
  body?: { json: unknown } | { fields: Record<string, string>; files: string[] };
  /** Whether each part followed its schema (for the report). */
  valid: boolean;
}

/** Every operation of the document, with its parameters and bodies. */
export function operationsOf(document: OpenApiDocument): DocumentedOperation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const content = ((op.requestBody as Schema | undefined)?.content ?? {}) as Record<string, { schema: Schema }>;
      return {
        operationId: op.operationId,
        method: method.toUpperCase(),
        path,
        security: op.security as unknown[],
        parameters: (op.parameters ?? []) as DocumentedOperation['parameters'],
        jsonBody: content['application/json']?.schema,
        multipartBody: content['multipart/form-data']?.schema,
      };
    }),
  );
}

/** Values that break most schemas: other types, edges, junk text. */
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, 2 ** 31, -(2 ** 53), '', ' ', '0', 'null', 'x'.repeat(2000), '\u{1F600}', '<script>', '../', [], {}, [1, 'a'], { a: 1 }),
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double({ noNaN: true }),
);

/** The schema a `$ref` names, and allOf's parts merged (enough for the request schemas zod writes). */
function resolved(document: OpenApiDocument, schema: Schema): Schema {
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.replace('#/components/schemas/', '');
    return resolved(document, ((document.components as Schema).schemas as Record<string, Schema>)[name]);
  }
  if (Array.isArray(schema.allOf)) return Object.assign({}, ...(schema.allOf as Schema[]).map((s) => resolved(document, s)));
  return schema;
}

/** A value the schema accepts. */
function validValue(document: OpenApiDocument, raw: Schema, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolved(document, raw);
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const choices = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (choices) return fc.oneof(...choices.map((s) => validValue(document, s, depth + 1)));
  const types = ([] as unknown[]).concat(schema.type ?? []);
  if (types.length > 1) return fc.oneof(...types.map((type) => validValue(document, { ...schema, type }, depth + 1)));
  switch (types[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({ min: (schema.minimum as number | undefined) ?? -1000, max: Math.min((schema.maximum as number | undefined) ?? 100_000, Number.MAX_SAFE_INTEGER) });
    case 'number':
      return fc.double({ min: (schema.minimum as number | undefined) ?? -1000, max: (schema.maximum as number | undefined) ?? 100_000, noNaN: true });
    case 'string': {
      if (typeof schema.pattern === 'string') return fc.stringMatching(new RegExp(schema.pattern));
      const minLength = (schema.minLength as number | undefined) ?? 0;
      const maxLength = Math.min((schema.maxLength as number | undefined) ?? 60, minLength + 60);
      return fc.oneof(fc.string({ minLength, maxLength }), fc.stringMatching(/^[a-z0-9_]{3,20}$/).filter((s) => s.length >= minLength && s.length <= maxLength));
    }
    case 'array': {
      const items = (schema.items as Schema | undefined) ?? {};
      return fc.array(validValue(document, items, depth + 1), { minLength: (schema.minItems as number | undefined) ?? 0, maxLength: Math.min((schema.maxItems as number | undefined) ?? 5, 5) });
    }
    case 'object':
      return validObject(document, schema, depth);
    default:
      return depth > 2 ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 });
  }
}

function validObject(document: OpenApiDocument, schema: Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const requiredKeys = (schema.required ?? []) as string[];
  const record = Object.fromEntries(Object.entries(properties).map(([key, s]) => [key, validValue(document, s, depth + 1)]));
  return fc.record(record, { requiredKeys }) as fc.Arbitrary<Record<string, unknown>>;
}

/** An object the schema refuses: one field wrong, a required one missing, or a field it does not name. */
function invalidObject(document: OpenApiDocument, schema: Schema): fc.Arbitrary<unknown> {
  const properties = Object.keys((resolved(document, schema).properties ?? {}) as object);
  const required = (resolved(document, schema).required ?? []) as string[];
  const valid = validValue(document, schema) as fc.Arbitrary<Record<string, unknown>>;
  const broken: fc.Arbitrary<unknown>[] = [fc.tuple(valid, fc.string({ minLength: 1, maxLength: 12 }), wrongValue).map(([o, k, v]) => ({ ...o, [k]: v })), wrongValue];
  if (properties.length) broken.push(fc.tuple(valid, fc.constantFrom(...properties), wrongValue).map(([o, k, v]) => ({ ...o, [k]: v })));
  if (required.length) broken.push(fc.tuple(valid, fc.constantFrom(...required)).map(([o, k]) => Object.fromEntries(Object.entries(o).filter(([key]) => key !== k))));
  return fc.oneof(...broken);
}

/** A query or path value as text (how a URL carries it). */
const asText = (value: unknown): string => (typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value));

/** The ids path parameters mostly name: real rows (`known`), so a valid draw often finds something. */
export function requestFor(document: OpenApiDocument, op: DocumentedOperation, known: readonly number[]): fc.Arbitrary<GeneratedRequest> {
  const knownId = fc.constantFrom(...known);
  const paramValue = (p: DocumentedOperation['parameters'][number], valid: boolean): fc.Arbitrary<unknown> => {
    if (!valid) return wrongValue;
    const type = resolved(document, p.schema).type;
    return type === 'integer' || type === 'number' ? fc.oneof({ arbitrary: knownId, weight: 3 }, { arbitrary: validValue(document, p.schema), weight: 1 }) : validValue(document, p.schema);
  };
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const bodies: fc.Arbitrary<{ body?: GeneratedRequest['body']; valid: boolean }>[] = [];
  if (op.jsonBody) {
    bodies.push(validValue(document, op.jsonBody).map((json) => ({ body: { json }, valid: true })));
    bodies.push(invalidObject(document, op.jsonBody).map((json) => ({ body: { json }, valid: false })));
  }
  if (op.multipartBody) {
    const files = Object.entries((op.multipartBody.properties ?? {}) as Record<string, Schema>).filter(([, s]) => s.contentMediaType).map(([k]) => k);
    const fieldsSchema = { ...op.multipartBody, properties: Object.fromEntries(Object.entries((op.multipartBody.properties ?? {}) as Record<string, Schema>).filter(([k]) => !files.includes(k))) };
    bodies.push(
      fc.tuple(validValue(document, fieldsSchema) as fc.Arbitrary<Record<string, unknown>>, fc.subarray(files)).map(([fields, parts]) => ({
        body: { fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, asText(v)])), files: parts },
        valid: true,
      })),
    );
  }
  if (!bodies.length) bodies.push(fc.constant({ valid: true }));
  return fc
    .record({
      pathValid: fc.boolean(),
      queryValid: fc.boolean(),
      path: fc.tuple(...pathParams.map(() => fc.boolean())),
      query: fc.tuple(...queryParams.map(() => fc.option(fc.boolean(), { nil: undefined }))),
      body: fc.oneof(...bodies),
    })
    .chain(({ pathValid, queryValid, path, query, body }) =>
      fc
        .record({
          pathValues: fc.tuple(...pathParams.map((p, i) => paramValue(p, pathValid || path[i]))),
          queryValues: fc.tuple(...queryParams.map((p, i) => (query[i] === undefined && !p.required ? fc.constant(undefined) : paramValue(p, queryValid || query[i] !== false)))),
        })
        .map(({ pathValues, queryValues }) => {
          let url = op.path;
          pathParams.forEach((p, i) => (url = url.replace(`{${p.name}}`, encodeURIComponent(asText(pathValues[i])) || '%20')));
          const search = new URLSearchParams();
          queryParams.forEach((p, i) => queryValues[i] !== undefined && search.append(p.name, asText(queryValues[i])));
          const qs = search.toString();
          return {
            operationId: op.operationId,
            method: op.method,
            url: qs ? `${url}?${qs}` : url,
            body: body.body,
            valid: pathValid && queryValid && body.valid,
          };
        }),
    );
}
