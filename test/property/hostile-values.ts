// Hostile values for the IPC boundary: prototype keys, odd scalars, huge strings, deep nesting,
// many keys and the classic pollution payloads, each as a page could send them.
import fc from 'fast-check'

/** Keys that reach into Object.prototype when code writes `target[key]` or reads it unchecked. */
export const PROTOTYPE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__lookupGetter__',
  'polluted',
] as const

/** Names the contract knows, so hostile keys land next to (and on top of) real fields. */
const KNOWN_FIELDS = [
  'id',
  'name',
  'value',
  'baseUrl',
  'kind',
  'timeoutMs',
  'token',
  'status',
  'changes',
  'user',
  'confirmEnvironment',
  'identifier',
  'userToken',
  'installationGuid',
] as const

const MAX_STRING_CHARS = 100 * 1024
/** V8's structured clone overflows its stack near 2,000 levels; IPC could not carry deeper. */
const MAX_DEPTH = 1_000
const MAX_UNKNOWN_KEYS = 3_000

/** Sets a key as an own data property: `target[key] = value` would set the prototype for __proto__. */
export function withOwnKeys<T extends object>(
  target: T,
  entries: readonly (readonly [string, unknown])[],
): T {
  for (const [key, value] of entries)
    Object.defineProperty(target, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    })
  return target
}

export const hostileKey = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...PROTOTYPE_KEYS) },
  { weight: 1, arbitrary: fc.constantFrom(...KNOWN_FIELDS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 16, unit: 'binary' }) },
)

const oddValue = fc.constantFrom<unknown>(
  undefined,
  null,
  true,
  false,
  '',
  ' ',
  '\u0000',
  '\u2028',
  '\ud800',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  NaN,
  -0,
  Infinity,
  -Infinity,
  Number.MAX_VALUE,
  2 ** 53 + 1,
  [],
  {},
)

const leaf = fc.oneof(oddValue, fc.string({ maxLength: 32 }), fc.integer(), fc.double())

const hugeString = fc
  .tuple(
    fc.string({ minLength: 1, maxLength: 4, unit: 'binary' }),
    fc.integer({ min: 1_000, max: MAX_STRING_CHARS }),
  )
  .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length))

const deepNesting = fc
  .tuple(fc.integer({ min: 10, max: MAX_DEPTH }), fc.boolean(), hostileKey, leaf)
  .map(([depth, arrays, key, bottom]) => {
    let value: unknown = bottom
    for (let level = 0; level < depth; level++)
      value = arrays ? [value] : withOwnKeys({}, [[key, value]])
    return value
  })

export const manyKeyEntries = fc
  .tuple(fc.integer({ min: 50, max: MAX_UNKNOWN_KEYS }), fc.string({ maxLength: 6 }), leaf)
  .map(([count, prefix, value]) =>
    Array.from({ length: count }, (_, index) => [`${prefix}${index}`, value] as const),
  )

/** The classic pollution payloads, as own keys: JSON.parse makes them so, and so can a page. */
const pollutionAttempt = fc.constantFrom<() => unknown>(
  () => withOwnKeys({}, [['__proto__', { polluted: 'yes' }]]),
  () => withOwnKeys({}, [['constructor', { prototype: { polluted: 'yes' } }]]),
  () => JSON.parse('{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":1}}}'),
  () => withOwnKeys({}, [['__proto__', withOwnKeys({}, [['__proto__', { polluted: 'yes' }]])]]),
)

const hostileObject = fc
  .array(
    fc.tuple(
      hostileKey,
      fc.oneof(
        leaf,
        pollutionAttempt.map((make) => make()),
      ),
    ),
    {
      maxLength: 8,
    },
  )
  .map((entries) => withOwnKeys({}, entries))

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileObject },
  {
    weight: 4,
    arbitrary: fc.anything({
      key: hostileKey,
      maxDepth: 3,
      maxKeys: 8,
      withBigInt: true,
      withBoxedValues: true,
      withDate: true,
      withMap: true,
      withSet: true,
      withNullPrototype: true,
      withObjectString: true,
      withSparseArray: true,
      withTypedArray: true,
      stringUnit: 'binary',
    }),
  },
  { weight: 2, arbitrary: oddValue },
  { weight: 1, arbitrary: hugeString },
  { weight: 1, arbitrary: deepNesting },
  { weight: 1, arbitrary: manyKeyEntries.map((entries) => withOwnKeys({}, entries)) },
  { weight: 1, arbitrary: pollutionAttempt.map((make) => make()) },
)
