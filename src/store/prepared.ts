/**
 * Named (prepared) statements for the hot path. node-postgres sends a statement without a name as an
 * unnamed one, which Postgres parses and plans on every call; a named one is parsed once per connection,
 * and once its plan no longer depends on the parameters' values, Postgres keeps one generic plan for it
 * (after five executions with custom plans, when the generic plan costs no more). So a statement given
 * here must have a fixed shape: no optional parts switched on and off by a parameter (`$1 IS NOT NULL`),
 * no IN lists of varying length. Variants are separate statements (each gets its own name).
 *
 * The name is derived from the text, so the same text has the same name on every connection and two
 * different texts can never share one (node-postgres refuses that anyway). Only a handful of fixed texts
 * go through here, so the map stays small.
 */
import type pg from 'pg';
import type { Prisma } from '../generated/prisma/client.js';

const names = new Map<string, string>();

export function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `portolan_${names.size + 1}`;
    names.set(text, name);
  }
  return name;
}

/** A query config naming `text` (a fixed-shape statement), for `pool.query`. */
export function prepared(text: string, values: unknown[]): pg.QueryConfig {
  return { name: statementName(text), text, values };
}

/** The same for a statement built with Prisma.sql (its text must not depend on the values). */
export function preparedSql(query: Prisma.Sql): pg.QueryConfig {
  return prepared(query.text, query.values);
}
