/** The schema a restore loads the backup into, beside the live tables. */
export const STAGING_SCHEMA = 'restore_staging';
/** Where the live tables go at the swap, to be dropped right after it commits. */
export const REPLACED_SCHEMA = 'restore_old';

/** What the restore takes from a backup's table of contents. */
export interface RestorePlan {
  /** The table of contents for `pg_restore --use-list`: everything but the extensions and the public schema itself. */
  list: string;
  /** The extensions the backup had: the live database keeps its own (created if missing). */
  extensions: string[];
  /** The backup's tables, sequences, views and indexes: the names moved into the staging schema. */
  relations: Set<string>;
  /** Entries a restore beside the live tables cannot move (say, a function), as `KIND name`. */
  unsupported: string[];
}

// pg_dump's entry kinds, longest first so "TABLE DATA" is not read as "TABLE".
const KINDS = [
  'MATERIALIZED VIEW DATA', 'SEQUENCE OWNED BY', 'MATERIALIZED VIEW', 'CHECK CONSTRAINT', 'FK CONSTRAINT', 'SEQUENCE SET',
  'ROW SECURITY', 'INDEX ATTACH', 'TABLE DATA', 'CONSTRAINT', 'EXTENSION', 'STATISTICS', 'PROCEDURE', 'AGGREGATE', 'OPERATOR',
  'SEQUENCE', 'FUNCTION', 'TRIGGER', 'COMMENT', 'DEFAULT', 'DOMAIN', 'POLICY', 'SCHEMA', 'INDEX', 'TABLE', 'VIEW', 'TYPE', 'RULE', 'ACL',
];
const ENTRY = new RegExp(`^\\s*\\d+;\\s*\\d+\\s+\\d+\\s+(${KINDS.join('|')}) (\\S+) (.*?)\\s*$`);
/** Entries that live in a table, or are one: moving the tables (ALTER TABLE … SET SCHEMA) moves them all. */
const MOVABLE = new Set([
  'TABLE', 'TABLE DATA', 'SEQUENCE', 'SEQUENCE SET', 'SEQUENCE OWNED BY', 'DEFAULT', 'CONSTRAINT', 'FK CONSTRAINT', 'CHECK CONSTRAINT',
  'INDEX', 'INDEX ATTACH', 'TRIGGER', 'COMMENT', 'ACL', 'VIEW', 'MATERIALIZED VIEW', 'MATERIALIZED VIEW DATA', 'POLICY', 'ROW SECURITY', 'RULE',
]);
/** Entries whose name is a relation that other statements refer to as public.<name>. */
const RELATION = new Set(['TABLE', 'SEQUENCE', 'VIEW', 'MATERIALIZED VIEW', 'INDEX']);

/**
 * Reads `pg_restore --list`: leaves out the extensions (the live database keeps its own citext and
 * pg_trgm, so their types keep their OIDs and the statements that pooled connections have prepared
 * stay valid) and the public schema itself (it stays; only its tables are replaced), collects the
 * relation names to load into the staging schema, and names what such a restore cannot move (a
 * function or type of the app's own would need moving on its own; the app's migrations make none).
 */
export function restorePlan(toc: string): RestorePlan {
  const extensions: string[] = [];
  const relations = new Set<string>();
  const unsupported: string[] = [];
  const kept = toc.split('\n').filter((line) => {
    if (/^\s*(;|$)/.test(line)) return true;
    const entry = ENTRY.exec(line);
    if (!entry) {
      unsupported.push(line.trim());
      return false;
    }
    const [, kind, schema, rest] = entry;
    // The owner comes last (none for an extension): "users postgres", "TABLE users postgres", "EXTENSION citext".
    const name = kind === 'EXTENSION' ? rest.split(' ')[0] : rest.replace(/ \S+$/, '');
    if (kind === 'EXTENSION') extensions.push(name);
    if (kind === 'EXTENSION' || (schema === '-' && /^(EXTENSION|SCHEMA) /.test(rest)) || (kind === 'SCHEMA' && name === 'public')) return false;
    if (schema !== 'public' || !MOVABLE.has(kind)) {
      unsupported.push(`${kind} ${schema === '-' ? '' : `${schema}.`}${name}`);
      return false;
    }
    if (RELATION.has(kind)) relations.add(name);
    return true;
  });
  return { list: kept.join('\n'), extensions, relations, unsupported };
}
