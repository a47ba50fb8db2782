/**
 * Helpers for the games' JSON Schemas. TypeBox emits draft-07 keywords (tuples as `items: [...]` with
 * `additionalItems`), so that is the dialect every game schema declares in `$schema`.
 */
import { Type, type TProperties, type TSchema } from 'typebox';

export const JSON_SCHEMA_DIALECT = 'http://json-schema.org/draft-07/schema#';

/** An object with exactly these properties: an unknown key fails validation (the schema cannot drift). */
export function closedObject<P extends TProperties>(properties: P, description?: string) {
  return Type.Object(properties, description === undefined ? { additionalProperties: false } : { additionalProperties: false, description });
}

/** One of a list of string or number constants (an enum as JSON Schema `anyOf` of `const`s). */
export function literals<T extends string | number>(values: readonly T[], description?: string) {
  return Type.Union(values.map((v) => Type.Literal(v)), description === undefined ? {} : { description });
}

/** `schema` or `null`. */
export function nullable<T extends TSchema>(schema: T, description?: string) {
  return Type.Union([schema, Type.Null()], description === undefined ? {} : { description });
}

/** An object whose keys are exactly `keys`, each holding a `value` (a count per good, say). */
export function keyedObject<T extends TSchema>(keys: readonly string[], value: T, description?: string) {
  return closedObject(Object.fromEntries(keys.map((k) => [k, value])), description);
}
