// Values a JSON Schema (the subset the OpenAPI document uses) calls valid, as fast-check
// arbitraries: the contract test generates its requests from the served document, not from the
// zod schemas the sandbox checks them with.
import fc from 'fast-check'

export type JsonSchema = {
  type?: string | string[]
  enum?: unknown[]
  const?: unknown
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  pattern?: string
  format?: string
  allOf?: JsonSchema[]
  anyOf?: JsonSchema[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  description?: string
  not?: JsonSchema
}

/**
 * Rules the document states in prose (a description), not in a keyword: a DNI's control letter
 * and a real calendar date in range. Their values come from here instead.
 */
const PROSE_RULES: Record<string, fc.Arbitrary<unknown>> = {
  nid_number: fc.constantFrom('12345678Z', '47909749J', 'X1234567L', 'y1234567x', '00000000t'),
  birthdate: fc
    .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date(Date.now() - 86_400_000) })
    .filter((date) => !Number.isNaN(date.getTime()))
    .map((date) => date.toISOString().slice(0, 10)),
}

const LOOKAROUND = /\(\?<?[=!]/

// Characters of the Basic Multilingual Plane: lengths in the document count characters, the
// schemas count UTF-16 units, and the two agree only there (docs/service-api.md says so).
const BMP_CHARACTER = fc
  .integer({ min: 0, max: 0xfffd })
  .filter((code) => code < 0xd800 || code > 0xdfff)
  .map((code) => String.fromCharCode(code))

function patternsOf(schema: JsonSchema): RegExp[] {
  const own = schema.pattern === undefined ? [] : [schema.pattern]
  const all = (schema.allOf ?? []).flatMap((part) => (part.pattern ? [part.pattern] : []))
  return [...own, ...all].map((pattern) => new RegExp(pattern, 'u'))
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const patterns = patternsOf(schema)
  const fits = (value: string) =>
    value.length >= (schema.minLength ?? 0) &&
    value.length <= (schema.maxLength ?? Infinity) &&
    patterns.every((pattern) => pattern.test(value))
  const generator = patterns.find((pattern) => !LOOKAROUND.test(pattern.source))
  const base = generator
    ? fc.stringMatching(generator)
    : fc.string({
        unit: BMP_CHARACTER,
        minLength: schema.minLength ?? 0,
        maxLength: Math.min(schema.maxLength ?? 40, 40),
      })
  return base.filter(fits)
}

/** Every value the schema accepts, within the subset; `name` picks a prose rule's values. */
export function arbitraryOf(schema: JsonSchema, name?: string): fc.Arbitrary<unknown> {
  const prose = name === undefined ? undefined : PROSE_RULES[name]
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((part) => arbitraryOf(part, name)))
  if (schema.type === 'null') return fc.constant(null)
  if (prose) return prose
  if (schema.const !== undefined) return fc.constant(schema.const)
  if (schema.enum) return fc.constantFrom(...schema.enum)
  switch (schema.type) {
    case 'string':
      return stringArbitrary(schema)
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6 })
    case 'object': {
      const properties = schema.properties ?? {}
      // A property that takes no value (`not: {}`: Update's token) is never generated.
      const shapes = Object.fromEntries(
        Object.entries(properties)
          .filter(([, value]) => value.not === undefined)
          .map(([key, value]) => [key, arbitraryOf(value, key)]),
      )
      return fc.record(shapes, { requiredKeys: schema.required ?? [] })
    }
    default:
      throw new Error(`the contract test does not generate ${JSON.stringify(schema)}`)
  }
}
