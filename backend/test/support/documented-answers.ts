import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { OpenApiDocument } from '../../src/modules/api-docs/openapi-document';

/**
 * Checks answers against the OpenAPI document the app serves: the status must be one the operation
 * documents, its JSON body must match that status's schema, and the headers the document marks
 * required must be there. Requests no operation describes are not checked (see `check`).
 */

type Json = Record<string, unknown>;

interface Operation {
  method: string;
  pattern: RegExp;
  /** Literal segments: the most specific pattern wins (`/api/users/suggest` before `/api/users/{id}`). */
  literals: number;
  /** JSON pointer (in the document) of each documented status's response object. */
  responses: Map<number, string>;
  name: string;
}

const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

function at(document: Json, pointer: string): Json {
  return pointer
    .slice(2)
    .split('/')
    .reduce<unknown>((node, part) => (node as Json)[part.replace(/~1/g, '/').replace(/~0/g, '~')], document) as Json;
}

/** One document's checker; schemas are compiled on first use. */
export class DocumentedAnswers {
  private readonly operations: Operation[] = [];
  private readonly ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(private readonly document: OpenApiDocument) {
    addFormats(this.ajv);
    this.ajv.addSchema(document as object, 'openapi.json');
    for (const [path, methods] of Object.entries(document.paths)) {
      const segments = path.split('/');
      const pattern = new RegExp(`^${segments.map((s) => (/^\{\w+\}$/.test(s) ? '[^/]+' : s.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))).join('/')}/?$`);
      for (const [method, operation] of Object.entries(methods)) {
        const responses = new Map<number, string>();
        for (const [status, response] of Object.entries(operation.responses as Record<string, Json>)) {
          const ref = response.$ref as string | undefined;
          responses.set(Number(status), ref ?? `#/paths/${escapePointer(path)}/${method}/responses/${status}`);
        }
        const literals = segments.filter((s) => !s.startsWith('{')).length;
        this.operations.push({ method: method.toUpperCase(), pattern, literals, responses, name: operation.operationId });
      }
    }
    this.operations.sort((a, b) => b.literals - a.literals);
  }

  /** The operation a request is for, or undefined when none describes it (another path, HEAD, OPTIONS). */
  operationFor(method: string, url: string): Operation | undefined {
    const path = url.split('?')[0];
    return this.operations.find((o) => o.method === method && o.pattern.test(path));
  }

  /**
   * What is wrong with one answer, or undefined when nothing is (or the request is not one the
   * document describes). Not checked by design: 304 (a conditional GET's answer, from Express's
   * ETag handling on every GET), 101 and 1xx.
   */
  check(method: string, url: string, status: number, headers: Record<string, unknown>, body: Buffer | null): string | undefined {
    const operation = this.operationFor(method, url);
    if (!operation || status === 304 || status < 200) return undefined;
    const pointer = operation.responses.get(status);
    const where = `${method} ${url} (${operation.name}) answered ${status}`;
    if (!pointer) return `${where}, a status the document does not give it (it gives ${[...operation.responses.keys()].join(', ')})`;
    const response = at(this.document, pointer);
    for (const [name, header] of Object.entries((response.headers ?? {}) as Record<string, Json>)) {
      if (header.required && headers[name.toLowerCase()] === undefined) return `${where} without its header ${name}`;
    }
    const content = response.content as Record<string, unknown> | undefined;
    if (!content) return body && body.length ? `${where} with a body, where the document says none` : undefined;
    const type = String(headers['content-type'] ?? '');
    // A download: the file's media type, any bytes.
    if (!content['application/json'] && Object.keys(content).some((media) => type.startsWith(media))) return undefined;
    if (!type.includes('application/json')) return `${where} with ${type || 'no Content-Type'}, not JSON`;
    let value: unknown;
    try {
      value = JSON.parse((body ?? Buffer.alloc(0)).toString('utf8'));
    } catch {
      return `${where} with a body that is not JSON`;
    }
    const schemaPointer = `${pointer}/content/application~1json/schema`;
    let validate = this.compiled.get(schemaPointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `openapi.json${schemaPointer}` });
      this.compiled.set(schemaPointer, validate);
    }
    if (validate(value)) return undefined;
    const [first] = validate.errors ?? [];
    return `${where} with a body outside its schema: ${first?.instancePath || '(root)'} ${first?.message ?? ''} ${JSON.stringify(first?.params ?? {})} — body ${JSON.stringify(value).slice(0, 300)}`;
  }
}

function decoded(body: Buffer, encoding: unknown): Buffer {
  if (encoding === 'gzip') return gunzipSync(body);
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'deflate') return inflateSync(body);
  return body;
}

/** Problems seen by every watched app of this test file since the last take. */
const problems: string[] = [];

/** The problems seen since the last call, and forgets them (the test-support hook fails the test that saw them). */
export function takeAnswerProblems(): string[] {
  return problems.splice(0);
}

/**
 * Checks every answer `server` sends to a request the document describes (see DocumentedAnswers.check)
 * and records what does not match it. Answers cut short (the connection closed before the end) are not checked.
 */
export function watchAnswers(server: Server, document: OpenApiDocument): void {
  const answers = new DocumentedAnswers(document);
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const method = req.method ?? '';
    const url = req.url ?? '';
    if (!url.startsWith('/api/') || !answers.operationFor(method, url)) return;
    const chunks: Buffer[] = [];
    const toBuffer = (chunk: unknown, encoding?: unknown) =>
      Buffer.isBuffer(chunk) ? chunk : chunk instanceof Uint8Array ? Buffer.from(chunk) : Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    (res as { write: unknown }).write = (chunk: unknown, ...rest: unknown[]) => {
      if (chunk && typeof chunk !== 'function') chunks.push(toBuffer(chunk, rest[0]));
      return write(chunk, ...rest);
    };
    (res as { end: unknown }).end = (chunk?: unknown, ...rest: unknown[]) => {
      if (chunk && typeof chunk !== 'function') chunks.push(toBuffer(chunk, rest[0]));
      const headers = res.getHeaders() as Record<string, unknown>;
      let problem: string | undefined;
      try {
        const raw = Buffer.concat(chunks);
        const body = method === 'HEAD' || raw.length === 0 ? null : decoded(raw, headers['content-encoding']);
        problem = answers.check(method, url, res.statusCode, headers, body);
      } catch (error) {
        problem = `${method} ${url} answered ${res.statusCode} with a body that could not be read: ${(error as Error).message}`;
      }
      if (problem) problems.push(problem);
      return end(chunk, ...rest);
    };
  });
}
