import type * as z from 'zod'

// The dispatcher checks every answer against the contract. An answer that is the very object a
// parse with the contract's own schema produced (a user record read from the service) would be
// parsed a second time for nothing; parsing costs more than the rest of the core's own work on a
// call. Such values are remembered by identity and frozen, so what was checked cannot change.
const parsedWith = new WeakMap<object, z.ZodType>()

function freezeDeep<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const inner of Object.values(value)) freezeDeep(inner)
  }
  return value
}

/** `schema.safeParse`, remembering an object it produces as already checked against `schema`. */
export function parseRemembered<S extends z.ZodType>(
  schema: S,
  value: unknown,
): z.ZodSafeParseResult<z.output<S>> {
  const result = schema.safeParse(value)
  if (result.success && typeof result.data === 'object' && result.data !== null)
    parsedWith.set(freezeDeep(result.data), schema)
  return result
}

/** Whether `value` is an object `parseRemembered(schema, ...)` produced. */
export function wasParsedWith(value: unknown, schema: z.ZodType): boolean {
  return typeof value === 'object' && value !== null && parsedWith.get(value) === schema
}
