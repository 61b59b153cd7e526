import { createHash } from 'node:crypto';
import { toJSONSchema, type $ZodType } from 'zod/v4/core';

/** A JSON Schema (2020-12, the dialect of OpenAPI 3.1) as plain data. */
export type JsonSchema = Record<string, unknown>;

const COMPONENT_REF = '#/components/schemas/';

/** Replaces every `#/$defs/<name>` reference in a schema (deeply) by its component's reference. */
function pointDefsAt(value: unknown, names: ReadonlyMap<string, string>): unknown {
  if (Array.isArray(value)) return value.map((v) => pointDefsAt(v, names));
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/')) out[key] = COMPONENT_REF + (names.get(v.slice('#/$defs/'.length)) ?? v);
    else out[key] = pointDefsAt(v, names);
  }
  return out;
}

/**
 * Turns the route table's zod schemas into the JSON Schemas of one OpenAPI document. A schema zod
 * names (`.meta({ id })`, or a recursive one) is emitted once under components.schemas and referred
 * to; a request's (input) and an answer's (output) form of a named schema that differ get two names.
 * Unrepresentable parts (a transform's output, say) become `{}`: they accept anything rather than
 * refuse what the server sends.
 */
export class JsonSchemas {
  /** Each component: its schema, and its form before references were pointed at components (to tell two apart). */
  private readonly components = new Map<string, { schema: JsonSchema; raw: string }>();

  /** The JSON Schema of what a client sends (`input`) or what the server answers (`output`). */
  of(schema: $ZodType, io: 'input' | 'output'): JsonSchema {
    const { $schema: _dialect, $defs, ...root } = toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any', cycles: 'ref', reused: 'inline' }) as JsonSchema;
    const names = new Map<string, string>();
    for (const [name, def] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) names.set(name, this.nameFor(name, def, io));
    for (const [name, def] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) {
      const key = names.get(name)!;
      if (!this.components.has(key)) this.components.set(key, { schema: pointDefsAt(def, names) as JsonSchema, raw: JSON.stringify(def) });
    }
    return pointDefsAt(root, names) as JsonSchema;
  }

  /** The component schemas met so far, by name in order (the document must not depend on the order routes were read in). */
  all(): Record<string, JsonSchema> {
    return Object.fromEntries([...this.components.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([name, { schema }]) => [name, schema]));
  }

  /**
   * A def's component name: its zod id; zod numbers the ones without (a recursive schema) per call,
   * so those are named by their content instead (the same on every instance).
   */
  private nameFor(name: string, def: JsonSchema, io: 'input' | 'output'): string {
    const raw = JSON.stringify(def);
    if (/^__schema\d+$/.test(name)) return `Schema${createHash('sha256').update(raw).digest('hex').slice(0, 10)}`;
    const known = this.components.get(name);
    if (!known || known.raw === raw) return name;
    const other = `${name}${io === 'input' ? 'Input' : 'Output'}`;
    const otherKnown = this.components.get(other);
    if (otherKnown && otherKnown.raw !== raw) throw new Error(`Two different schemas are both named ${other}`);
    return other;
  }
}
