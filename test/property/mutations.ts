// Mutations of a valid input: one hostile change to an otherwise valid payload, anywhere in it.
import fc from 'fast-check'
import { hostileKey, hostileValue, manyKeyEntries, withOwnKeys } from './hostile-values'

type Mutation =
  | { kind: 'add keys'; entries: readonly (readonly [string, unknown])[] }
  | { kind: 'swap a field'; value: unknown }
  | { kind: 'drop a field' }
  | { kind: 'replace the object'; value: unknown }

// Added keys are weighted up: where a schema drops unknown keys, they are what reaches a handler.
export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .array(fc.tuple(hostileKey, hostileValue), { minLength: 1, maxLength: 6 })
      .map((entries) => ({ kind: 'add keys', entries }) as const),
  },
  {
    weight: 1,
    arbitrary: manyKeyEntries.map((entries) => ({ kind: 'add keys', entries }) as const),
  },
  { weight: 2, arbitrary: hostileValue.map((value) => ({ kind: 'swap a field', value }) as const) },
  { weight: 1, arbitrary: fc.constant({ kind: 'drop a field' } as const) },
  {
    weight: 1,
    arbitrary: hostileValue.map((value) => ({ kind: 'replace the object', value }) as const),
  },
)

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The input and every object inside it, so nested fields (users:update's changes) are hit too. */
function objectsIn(
  value: unknown,
  found: Record<string, unknown>[] = [],
): Record<string, unknown>[] {
  if (!isRecord(value)) return found
  found.push(value)
  for (const key of Object.keys(value)) objectsIn(value[key], found)
  return found
}

export function mutate(valid: unknown, where: number, which: number, change: Mutation): unknown {
  const input: unknown = structuredClone(valid)
  const objects = objectsIn(input)
  const target = objects[where % Math.max(1, objects.length)]
  // Inputs that are not objects (the channels that take none) get the hostile value whole.
  if (target === undefined) {
    if (change.kind === 'add keys') return withOwnKeys({}, change.entries)
    return change.kind === 'drop a field' ? null : change.value
  }
  const keys = Object.keys(target)
  const key = keys[which % Math.max(1, keys.length)]
  switch (change.kind) {
    case 'add keys':
      withOwnKeys(target, change.entries)
      break
    case 'swap a field':
      if (key !== undefined) withOwnKeys(target, [[key, change.value]])
      break
    case 'drop a field':
      if (key !== undefined) Reflect.deleteProperty(target, key)
      break
    case 'replace the object':
      if (target === input) return change.value
      for (const parent of objects)
        for (const parentKey of Object.keys(parent))
          if (parent[parentKey] === target) withOwnKeys(parent, [[parentKey, change.value]])
      break
  }
  return input
}
