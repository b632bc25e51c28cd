// Values a JSON Schema (the subset the OpenAPI document uses) takes, and values it refuses, as
// fast-check arbitraries: the contract test draws its requests from the served document, not from
// the zod schemas the sandbox checks them with, and every rule it draws from is one the document
// states (a pattern, a length, a choice, a format), never one known by a field's name.
import fc from 'fast-check'
import { charactersOf, drawOf, type Check } from './format-draws'

export type JsonSchema = {
  type?: string
  enum?: unknown[]
  const?: unknown
  minLength?: number
  maxLength?: number
  pattern?: string
  format?: string
  allOf?: JsonSchema[]
  anyOf?: JsonSchema[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  additionalProperties?: boolean
}

/** The document's own checks, made by the validator its answers are held to. */
export type SchemaChecks = {
  accepts(schema: JsonSchema, value: unknown): boolean
  /** Throws for a format the validator does not know. */
  format(name: string): Check
}

// Whole characters of any plane: JSON Schema and the sandbox both count a length in characters,
// and a client writing real text never sends half of a surrogate pair.
const CHARACTER = fc
  .integer({ min: 0, max: 0x10ffff })
  .filter((code) => code < 0xd800 || code > 0xdfff)
  .map((code) => String.fromCodePoint(code))

// Control characters, white space, dots and ASCII punctuation are where patterns draw their
// lines, so a character meant to break one is drawn from Latin-1 as often as from the rest.
const ANY_CHARACTER = fc.oneof(
  fc.integer({ min: 0, max: 0xff }).map((code) => String.fromCharCode(code)),
  CHARACTER,
)

/** Strings in the pattern's shape (the first pattern draws, the others filter) within lengths. */
function shapeOf(schema: JsonSchema) {
  const sources = [schema, ...(schema.allOf ?? [])].flatMap((part) => part.pattern ?? [])
  const patterns = sources.map((source) => new RegExp(source, 'u'))
  const fits = (value: string) => {
    const { length } = charactersOf(value)
    return (
      length >= (schema.minLength ?? 0) &&
      length <= (schema.maxLength ?? Infinity) &&
      patterns.every((pattern) => pattern.test(value))
    )
  }
  const matching = patterns[0]
    ? fc.stringMatching(patterns[0])
    : fc.string({
        unit: CHARACTER,
        minLength: schema.minLength ?? 0,
        maxLength: Math.min(schema.maxLength ?? 40, 40),
      })
  return { matching, fits }
}

function stringArbitrary(schema: JsonSchema, checks: SchemaChecks): fc.Arbitrary<string> {
  const { matching, fits } = shapeOf(schema)
  if (schema.format === undefined) return matching.filter(fits)
  const inFormat = checks.format(schema.format)
  const accepted: Check = (value) => fits(value) && inFormat(value)
  return drawOf(schema.format).valid(matching, accepted).filter(accepted)
}

/** Every value the schema accepts, within the subset; anything else throws. */
export function arbitraryOf(schema: JsonSchema, checks: SchemaChecks): fc.Arbitrary<unknown> {
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((part) => arbitraryOf(part, checks)))
  if (schema.type === 'null') return fc.constant(null)
  if (schema.const !== undefined) return fc.constant(schema.const)
  if (schema.enum) return fc.constantFrom(...schema.enum)
  if (schema.type === 'string') return stringArbitrary(schema, checks)
  if (schema.type === 'object') {
    const shapes = Object.entries(schema.properties ?? {}).map(
      ([key, value]) => [key, arbitraryOf(value, checks)] as const,
    )
    return fc.record(Object.fromEntries(shapes), { requiredKeys: schema.required ?? [] })
  }
  throw new Error(`the contract test does not generate ${JSON.stringify(schema)}`)
}

type Kinds = fc.WeightedArbitrary<unknown>[]

/** Strings a string schema is meant to refuse: each rule it states, broken on its own. */
function brokenStrings(schema: JsonSchema, checks: SchemaChecks): Kinds {
  const valid = stringArbitrary(schema, checks)
  const { minLength, maxLength, format } = schema
  const inserted = fc.tuple(valid, fc.nat(), ANY_CHARACTER).map(([value, at, character]) => {
    const characters = charactersOf(value)
    characters.splice(at % (characters.length + 1), 0, character)
    return characters.join('')
  })
  // Its own characters repeated or cut to a length the schema refuses: only the length is wrong.
  const resized = (value: string, length: number) => {
    const characters = charactersOf(value)
    return Array.from({ length }, (_, i) => characters[i % characters.length] ?? '').join('')
  }
  const broken = [inserted]
  if (maxLength !== undefined) broken.push(valid.map((value) => resized(value, maxLength + 1)))
  if (minLength) broken.push(valid.map((value) => resized(value, minLength - 1)))
  const kinds: Kinds = broken.map((arbitrary) => ({ arbitrary, weight: 1 }))
  const nearMisses = format === undefined ? undefined : drawOf(format).nearMisses
  if (format !== undefined && nearMisses) {
    // Of the pattern's shape, so it is the format alone that refuses them. Only the format's check
    // tells them from valid values, so they come twice as often as all the other kinds together.
    const { matching, fits } = shapeOf(schema)
    const inFormat = checks.format(format)
    kinds.push({
      arbitrary: nearMisses(matching, valid).filter((value) => fits(value) && !inFormat(value)),
      weight: 2 * (kinds.length + 1),
    })
  }
  return kinds
}

/**
 * Objects the schema takes but for one property: given a value its schema refuses (the more
 * rules a property states, the more often), left out when required, or one the schema lacks.
 */
function brokenObjects(schema: JsonSchema, checks: SchemaChecks): Kinds {
  const properties = schema.properties ?? {}
  const valid = arbitraryOf(schema, checks) as fc.Arbitrary<Record<string, unknown>>
  const withChange = (change: fc.Arbitrary<Record<string, unknown>>, weight = 1) => ({
    arbitrary: fc.tuple(valid, change).map(([body, changed]) => ({ ...body, ...changed })),
    weight,
  })
  const kinds = Object.entries(properties).map(([name, property]) => {
    const { arbitrary, weight } = refusedOf(property, checks)
    return withChange(
      arbitrary.map((value) => ({ [name]: value })),
      weight,
    )
  })
  if (schema.additionalProperties === false) {
    const name = fc.string().filter((key) => !Object.hasOwn(properties, key))
    kinds.push(withChange(fc.tuple(name, fc.jsonValue()).map(([key, value]) => ({ [key]: value }))))
  }
  if (schema.required?.length) {
    const lacking = fc
      .tuple(valid, fc.constantFrom(...schema.required))
      .map(([body, name]) =>
        Object.fromEntries(Object.entries(body).filter(([key]) => key !== name)),
      )
    kinds.push({ arbitrary: lacking, weight: 1 })
  }
  return kinds
}

/** Refused values, weighted by how many kinds of them the schema has. */
function refusedOf(schema: JsonSchema, checks: SchemaChecks): fc.WeightedArbitrary<unknown> {
  const kinds: Kinds = [{ arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 1 }]
  for (const part of schema.anyOf ?? [schema]) {
    if (part.type === 'string') kinds.push(...brokenStrings(part, checks))
    if (part.type === 'object') kinds.push(...brokenObjects(part, checks))
  }
  return {
    arbitrary: fc.oneof(...kinds).filter((value) => !checks.accepts(schema, value)),
    weight: kinds.reduce((sum, kind) => sum + kind.weight, 0),
  }
}

/**
 * Values the schema refuses, each checked refused by the document's validator: any other JSON
 * value (another type, a choice it lacks), and each rule of its strings and objects broken.
 */
export function brokenOf(schema: JsonSchema, checks: SchemaChecks): fc.Arbitrary<unknown> {
  return refusedOf(schema, checks).arbitrary
}
