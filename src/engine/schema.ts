/** Helpers for the JSON Schemas (TypeBox) that games publish. Pure. */
import type { TSchema } from 'typebox';

/**
 * Marks every object in a schema `additionalProperties: false` unless it says otherwise, so that a move
 * with a field its game does not know is refused instead of stored for ever in the log. Returns the schema.
 */
export function closedObjects<T extends TSchema>(schema: T): T {
  close(schema);
  return schema;
}

function close(node: unknown): void {
  if (typeof node !== 'object' || node === null) return;
  if (Array.isArray(node)) return node.forEach(close);
  const schema = node as Record<string, unknown>;
  if (schema.type === 'object' && schema.additionalProperties === undefined) schema.additionalProperties = false;
  for (const key of ['properties', 'patternProperties', '$defs']) {
    const children = schema[key];
    if (typeof children === 'object' && children !== null) Object.values(children).forEach(close);
  }
  for (const key of ['items', 'prefixItems', 'anyOf', 'oneOf', 'allOf', 'not', 'additionalProperties']) close(schema[key]);
}
